package org.hpcsim.workload;

/**
 * One line of a Standard Workload Format trace, all 18 fields as written ({@code -1} = unknown).
 * Time fields are in microseconds (converted exactly from the decimal seconds of the file).
 */
public record SwfRecord(
        long jobNumber,
        long submitTime,
        long waitTime,
        long runTime,
        long allocatedProcessors,
        long averageCpuTime,
        double usedMemoryKb,
        long requestedProcessors,
        long requestedTime,
        double requestedMemoryKb,
        int status,
        long userId,
        long groupId,
        long executableNumber,
        long queueNumber,
        long partitionNumber,
        long precedingJobNumber,
        long thinkTime) {

    /** Number of fields on an SWF line. */
    public static final int FIELDS = 18;

    /** SWF field names, 1-based position = index + 1, as the PWA defines them. */
    public static final String[] FIELD_NAMES = {
        "job number", "submit time", "wait time", "run time", "allocated processors", "average CPU time",
        "used memory", "requested processors", "requested time", "requested memory", "status", "user id",
        "group id", "executable number", "queue number", "partition number", "preceding job number",
        "think time",
    };
}
