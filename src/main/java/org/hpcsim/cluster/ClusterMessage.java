package org.hpcsim.cluster;

/**
 * A message that crosses JVMs between a sweep's coordinator and its workers: serialized with
 * Jackson (CBOR), as bound in {@code cluster.conf}; Pekko refuses Java serialization there.
 */
public interface ClusterMessage {
}
