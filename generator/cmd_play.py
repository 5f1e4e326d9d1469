"""``herald play``: simulated games between bots (being written)."""
import click


@click.command()
def play():
    """Play full games between bots."""
    raise click.ClickException("not yet available")
