package org.hpcsim.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback set up in code (found through {@code META-INF/services}): warnings and errors on stderr as
 * {@code LEVEL logger - message}, stdout left to the commands. A fixed layout instead of a pattern
 * keeps start-up short (Logback's pattern machinery loads dozens of classes). A user's
 * {@code -Dlogback.configurationFile} still takes precedence.
 */
public final class LogConfigurator extends ContextAwareBase implements Configurator {
    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        Line layout = new Line();
        layout.setContext(context);
        layout.start();
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        // A distributed sweep's members come and go (a worker leaves, is killed, the sweep ends): Pekko's
        // cluster and remoting then warn of every member marked unreachable or downed and every connection
        // lost; the sweep's own log says what happened in a line.
        for (String noisy : new String[] {"org.apache.pekko.stream.Materializer", "org.apache.pekko.cluster.Cluster",
            "org.apache.pekko.cluster.sbr.SplitBrainResolver", "org.apache.pekko.remote.artery.Association"}) {
            context.getLogger(noisy).setLevel(Level.ERROR);
        }
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** {@code LEVEL logger - message}, then the exception if any. */
    static final class Line extends LayoutBase<ILoggingEvent> {
        @Override
        public String doLayout(ILoggingEvent event) {
            StringBuilder sb = new StringBuilder(128).append(event.getLevel()).append(' ')
                    .append(event.getLoggerName()).append(" - ").append(event.getFormattedMessage()).append('\n');
            for (IThrowableProxy t = event.getThrowableProxy(); t != null; t = t.getCause()) {
                sb.append("  caused by ").append(t.getClassName()).append(": ").append(t.getMessage()).append('\n');
            }
            return sb.toString();
        }
    }
}
