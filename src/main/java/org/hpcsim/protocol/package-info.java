/**
 * The conversations between simulation components, one file per receiving kind: each is a sealed
 * interface of records, and each record's Javadoc says who sends it to whom. Components import
 * protocols, never each other. Depends on the kernel's {@code Address} and on the workload's jobs
 * only; no component package is imported here.
 */
package org.hpcsim.protocol;
