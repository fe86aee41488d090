package org.hpcsim.view;

import java.util.concurrent.CompletionStage;

/** What carries out a page's controls: a served run, or a recording, which takes none. */
interface Controls {
    /**
     * Carries out {@code command}; the answer completes with what was done, or exceptionally with an
     * {@link IllegalArgumentException} saying why it was refused.
     */
    CompletionStage<String> submit(Command command);
}
