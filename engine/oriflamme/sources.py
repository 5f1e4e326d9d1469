"""The rules sources of Oriflamme, by the number of their file in
shared/rules-sources/: what every reading and rule option cites."""
PUBLISHER = "002"  # the publisher's French rulebook
FAN = "000"        # a fan's transcription with per-card clarifications
ALLIANCE = "001"   # the Alliance rulebook, French, scanned by OCR
