package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Under Maven the errors tests provoke on purpose (a component that throws, a policy that fails) go to
 * target/test.log, not to the console, where they read as failures of passing tests.
 */
class TestLoggingTest {
    @Test
    void errorsLoggedDuringTestsGoToTargetTestLogAndNotToTheConsole() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        List<Appender<ILoggingEvent>> appenders = new ArrayList<>();
        for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext(); ) {
            appenders.add(it.next());
        }
        assertTrue(appenders.stream().noneMatch(a -> a instanceof ConsoleAppender), appenders.toString());
        assertEquals(1, appenders.size(), appenders.toString());
        FileAppender<ILoggingEvent> file = (FileAppender<ILoggingEvent>) appenders.get(0);
        Path log = Path.of(file.getFile());
        assertEquals(Path.of("target", "test.log"), log);

        LoggerFactory.getLogger(TestLoggingTest.class).error("provoked on purpose", new IllegalStateException("boom"));
        String text = Files.readString(log);
        assertTrue(text.contains("ERROR org.hpcsim.cli.TestLoggingTest - provoked on purpose"), text);
        assertTrue(text.contains("java.lang.IllegalStateException: boom"), text);
    }
}
