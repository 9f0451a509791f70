"""What changes computed marks after grading: the late policy and the teacher's overrides.

Applied at report time, on top of the marks the harness computed (which the journal and
`--resume` keep as they were), from config.yaml's `deadline` and the teacher's files, so a regrade
keeps them. Each change is an Adjustment record (harness/records/adjustments.py) every output
shows. One concept per module:

- sheet.py: a CSV file the teacher keeps, read into rows that know their file and line;
- keys.py: which submission a row's `student` names (name, LMS id, e-mail, login, SIS id);
- extensions.py, timestamps.py, overrides.py: the three files (--extensions, --timestamps,
  --adjustments);
- policy.py: what lateness costs, by config.yaml's `deadline.penalty`;
- late.py: a submission's late penalty as an Adjustment;
- apply.py: all of it over a Report, in order: times, overrides, then the late penalty.
"""
