"""`herald build`: the whole kit, and its closing table."""
import json
import subprocess
import sys


def test_build_writes_the_kit_and_its_table(tmp_path):
    result = subprocess.run([sys.executable, "-m", "herald.generator.cli", "build",
                             "--lang", "en", "--out", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "oriflamme" / "verification.json").read_text())
    assert report and all(r["ok"] for r in report)
    table = result.stdout
    assert f"{len(report)}/{len(report)}" in table
    assert "oriflamme-cards-a4.pdf" in table and "oriflamme-cards-printshop.pdf" in table
    printshop = [line for line in table.splitlines() if "printshop" in line][0]
    assert printshop.split()[1] == "110"            # pages: 55 fronts and 55 backs
    assert "verifying the worked examples" in result.stderr   # progress on stderr
    assert not (tmp_path / "oriflamme" / "fr").exists()


def test_build_rejects_an_unknown_paper(tmp_path):
    result = subprocess.run([sys.executable, "-m", "herald.generator.cli", "build",
                             "--paper", "a5", "--out", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "--paper" in result.stderr
    assert not any(tmp_path.iterdir())
