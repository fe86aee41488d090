package org.hpcsim.scheduling;

/**
 * EASY's reservation for the queue's head: the shadow time (when enough nodes are free for it, by the
 * running jobs' estimated ends; never, if it cannot fit by their ends alone: failed or drained
 * nodes) and the extra nodes (free at the shadow time beyond what the head needs), which jobs that
 * run past the shadow time may use.
 */
record Reservation(long shadow, int extra) {

    static Reservation forHead(SchedulingContext context, int need, long now) {
        int available = context.freeNodes();
        long shadow = available >= need ? now : Long.MAX_VALUE;
        if (available < need) {
            for (RunningJob r : context.running()) {
                available += context.released(r);
                if (available >= need) {
                    shadow = Math.max(now, r.estimatedEnd());
                    break;
                }
            }
        }
        int atShadow = context.freeNodes();
        for (RunningJob r : context.running()) {
            if (Math.max(now, r.estimatedEnd()) > shadow) {
                break;
            }
            atShadow += context.released(r);
        }
        return new Reservation(shadow, atShadow - need);
    }
}
