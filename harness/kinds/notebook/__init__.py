"""Kind `notebook`: a Jupyter notebook handed in beside a module, run whole in a kernel (kind.py,
run.py); COSC 130's rubric over the run, a plug-in (cosc130_notebook/)."""
