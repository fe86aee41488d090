/**
 * Failure models: plain Java policies that say when a component fails on its own and how long its
 * repair takes, each drawing from the component's own random stream ({@code none}, {@code trace},
 * {@code exponential}, {@code weibull}), and what happens to a job whose node fails
 * ({@link org.hpcsim.failure.JobFate}), with the attempts such a job is expected to need
({@link org.hpcsim.failure.AttemptOutlook}). Depends on nothing but the JDK, Commons Math (the Weibull
mean) and simulated time (time);
 * the node actors call the models, the scheduler applies the fate.
 */
package org.hpcsim.failure;
