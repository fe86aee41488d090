package org.hpcsim.kernel;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;

/**
 * Writes a message or a value of state into a {@link StateDigest} by its content: records component
 * by component, strings, boxed numbers, enums, arrays and collections element by element, maps in
 * key order (sorted maps and sets only: a hash map's order depends on its history), objects that say how ({@link Keyed}). Anything else is a
 * programming error, thrown rather than fingerprinted by identity: a fingerprint that missed a
 * difference would let time-parallel windows stitch a wrong future.
 */
public final class Canonical {
    private Canonical() {
    }

    /** A value that writes itself, e.g. a trace's job by its index (its other fields follow from the trace). */
    public interface Keyed {
        void writeKey(StateDigest out);
    }

    private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            RecordComponent[] parts = type.getRecordComponents();
            Method[] m = new Method[parts.length];
            for (int i = 0; i < parts.length; i++) {
                m[i] = parts[i].getAccessor();
                m[i].setAccessible(true);
            }
            return m;
        }
    };

    public static void write(Object v, StateDigest out) {
        if (v == null) {
            out.add(0x5EEDL);
            return;
        }
        if (v instanceof Keyed k) {
            out.add(1);
            k.writeKey(out);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            out.add(((Number) v).longValue());
        } else if (v instanceof Double || v instanceof Float) {
            out.add(((Number) v).doubleValue());
        } else if (v instanceof Boolean bool) {
            out.add(bool);
        } else if (v instanceof Character c) {
            out.add((long) c);
        } else if (v instanceof String s) {
            out.add(s);
        } else if (v instanceof Enum<?> e) {
            out.add(e.getDeclaringClass().getName());
            out.add(e);
        } else if (v.getClass().isRecord()) {
            out.add(v.getClass().getName());
            for (Method m : ACCESSORS.get(v.getClass())) {
                try {
                    write(m.invoke(v), out);
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalStateException("cannot read " + m + " to fingerprint it", e);
                }
            }
        } else if (v instanceof int[] a) {
            out.add(a);
        } else if (v instanceof long[] a) {
            out.add(a);
        } else if (v instanceof double[] a) {
            out.add(a);
        } else if (v instanceof boolean[] a) {
            out.add(a.length);
            for (boolean x : a) {
                out.add(x);
            }
        } else if (v instanceof Object[] a) {
            out.add(a.length);
            for (Object x : a) {
                write(x, out);
            }
        } else if (v instanceof java.util.List<?> || v instanceof java.util.SortedSet<?>) {
            Collection<?> c = (Collection<?>) v;
            out.add(c.size());
            for (Object x : c) {
                write(x, out);
            }
        } else if (v instanceof java.util.SortedMap<?, ?> m) {
            out.add(m.size());
            for (Map.Entry<?, ?> e : m.entrySet()) {
                write(e.getKey(), out);
                write(e.getValue(), out);
            }
        } else {
            throw new IllegalStateException("cannot fingerprint a " + v.getClass().getName()
                    + ": give it a Keyed form or make it a record");
        }
    }
}
