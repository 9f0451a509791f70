"""Running untrusted code: the child that lives in the student's interpreter, the codec both
sides speak, and the supervisor that launches, times and kills the child."""
