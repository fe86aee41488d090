package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Checks that a component's dispatch is exhaustive: every record of its (sealed) protocol, delivered
 * to a fresh instance, reaches a branch of its own. A record with placeholder fields (zeros, empty
 * strings and arrays, nulls for objects) may well fail inside its branch; what must never happen is
 * the {@link UnhandledMessage} of a message no branch takes.
 */
public final class Dispatch {
    private Dispatch() {
    }

    /** Fails naming every record of {@code protocol} that a component made by {@code fresh} does not handle. */
    public static void assertHandlesEveryRecord(Class<?> protocol, Supplier<ComponentTester> fresh, int target) {
        List<Class<?>> records = Protocols.records(protocol);
        assertFalse(records.isEmpty(), protocol + " has no records");
        List<String> unhandled = new ArrayList<>();
        for (Class<?> record : records) {
            Envelope e = new Envelope(1, 1, Envelope.KERNEL, 0, target, placeholder(record));
            Handled h = fresh.get().run(new KernelCommand.DeliverOne(1, 1, e));
            for (Throwable t = h.error(); t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof UnhandledMessage) {
                    unhandled.add(record.getSimpleName());
                    break;
                }
            }
        }
        if (!unhandled.isEmpty()) {
            fail("records of " + protocol.getSimpleName() + " no branch handles: " + unhandled);
        }
    }

    /** An instance of {@code record} with a placeholder for every field. */
    static Object placeholder(Class<?> record) {
        RecordComponent[] parts = record.getRecordComponents();
        Class<?>[] types = new Class<?>[parts.length];
        Object[] values = new Object[parts.length];
        for (int i = 0; i < parts.length; i++) {
            types[i] = parts[i].getType();
            values[i] = placeholderValue(types[i]);
        }
        try {
            Constructor<?> c = record.getDeclaredConstructor(types);
            c.setAccessible(true);
            return c.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a " + record.getSimpleName(), e);
        }
    }

    private static Object placeholderValue(Class<?> type) {
        if (type == int.class) {
            return 0;
        } else if (type == long.class) {
            return 0L;
        } else if (type == double.class) {
            return 0.0;
        } else if (type == float.class) {
            return 0f;
        } else if (type == boolean.class) {
            return false;
        } else if (type == short.class) {
            return (short) 0;
        } else if (type == byte.class) {
            return (byte) 0;
        } else if (type == char.class) {
            return 'x';
        } else if (type == String.class) {
            return "";
        } else if (type.isArray()) {
            return Array.newInstance(type.getComponentType(), 0);
        } else if (type == List.class) {
            return List.of();
        } else if (type == Map.class) {
            return Map.of();
        } else if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        return null;
    }
}
