/**
 * The command line (picocli): {@code run}, {@code list}, {@code bench}, {@code generate},
 * {@code trace transform}. Maps bad input to a one-line error and exit status 2. Depends on
 * everything; nothing depends on it.
 */
package org.hpcsim.cli;
