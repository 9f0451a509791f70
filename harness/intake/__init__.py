"""From what the teacher downloaded to the submissions graded, with who handed each in and when.

    opened (download.py: a zip extracted safely, zips.py)
      -> take (ingest.py: the layout recognised, layouts/; the roster joined, roster.py)
      -> Intake (record.py) -> the submissions are graded -> joined (join.py) into the Report

The layouts: Moodle's "download all", Canvas's bulk download, Gradescope's export, and a plain
folder or zip of submissions (what `discover` reads). Grading never reads identities.
"""

from harness.intake.download import Download, opened
from harness.intake.ingest import take
from harness.intake.join import joined
from harness.intake.record import Intake, Recognised

__all__ = ["Download", "Intake", "Recognised", "joined", "opened", "take"]
