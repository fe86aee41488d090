"""Plots the Gantt chart of an hpcsim run written with output.batsim = true, with evalys."""
import sys

import matplotlib.pyplot as plt
from evalys.jobset import JobSet

jobs = JobSet.from_csv(sys.argv[1] if len(sys.argv) > 1 else "out/batsim_jobs.csv")
jobs.plot(with_details=True)
plt.savefig("gantt.png")
