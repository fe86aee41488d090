/**
 * {@code hpcsim reproduce}: the papers' experiments, each run as the paper describes it and set beside
 * the published figures, which live in one data file ({@code published.csv}, a class-path resource
 * naming the paper and the place in it for every figure). A {@link org.hpcsim.reproduce.Reproduction}
 * runs one experiment and returns an {@link org.hpcsim.reproduce.Outcome}: figures with ratio and
 * agreement, the orders the paper claims, and a sentence for every disagreement;
 * {@link org.hpcsim.reproduce.Report} writes them as Markdown and CSV. Depends on the study, sim,
 * config, registry, torus, malleable and thermal packages, and on plot for its CSV reader; nothing
 * depends on it but the command line.
 */
package org.hpcsim.reproduce;
