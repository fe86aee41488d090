"""FCFS on the lowest free node ids, as a pybatsim 3.x scheduler.

Run it, then hpcsim (see docs/batsim.md):
    pybatsim docs/examples/lowestFcfs.py -s tcp://*:28000
    bin/hpcsim run --scheduler external --external-socket tcp://127.0.0.1:28000 ...
"""
from batsim.batsim import BatsimScheduler
from procset import ProcSet


class LowestFcfs(BatsimScheduler):

    def onSimulationBegins(self):
        self.free = ProcSet((0, self.bs.nb_resources - 1))
        self.down = ProcSet()
        self.queue = []
        self.running = {}  # job id -> its nodes

    def onJobSubmission(self, job):
        self.queue.append(job)

    def onJobCompletion(self, job):
        self.free |= self.running.pop(job.id) - self.down

    def onNotifyEventMachineUnavailable(self, machines):
        self.down |= machines
        self.free -= machines

    def onNotifyEventMachineAvailable(self, machines):
        self.down -= machines
        busy = ProcSet()
        for nodes in self.running.values():
            busy |= nodes
        self.free |= machines - busy

    def onNoMoreEvents(self):
        started = []
        while self.queue and self.queue[0].requested_resources <= len(self.free):
            job = self.queue.pop(0)
            job.allocation = ProcSet(*list(self.free)[:job.requested_resources])
            self.free -= job.allocation
            self.running[job.id] = job.allocation
            started.append(job)
        if started:
            self.bs.execute_jobs(started)
