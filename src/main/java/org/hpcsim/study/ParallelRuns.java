package org.hpcsim.study;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Independent runs of an experiment on a few threads, results in submission order, so the outcome
 * never depends on the thread count. A run's runtime exception is rethrown as it was.
 */
final class ParallelRuns {
    private ParallelRuns() {
    }

    static <T> List<T> run(List<Callable<T>> runs, int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, runs.size())));
        try {
            List<Future<T>> futures = new ArrayList<>(runs.size());
            for (Callable<T> r : runs) {
                futures.add(pool.submit(r));
            }
            List<T> results = new ArrayList<>(runs.size());
            for (Future<T> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
