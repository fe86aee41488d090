package org.hpcsim.registry;

import java.util.ArrayList;
import java.util.List;

/** A policy named with optional bracketed arguments: {@code easy}, {@code priority[smallfirst]}. */
public record PolicySpec(String name, List<String> args) {

    public PolicySpec {
        args = List.copyOf(args);
    }

    public static PolicySpec parse(String text) {
        String s = text.strip();
        int open = s.indexOf('[');
        if (open < 0) {
            if (s.isEmpty() || s.indexOf(']') >= 0 || s.indexOf(',') >= 0) {
                throw new IllegalArgumentException("bad policy '" + text + "' (expected name or name[arg,...])");
            }
            return new PolicySpec(s, List.of());
        }
        if (!s.endsWith("]") || open == 0) {
            throw new IllegalArgumentException("bad policy '" + text + "' (expected name or name[arg,...])");
        }
        List<String> args = new ArrayList<>();
        String inner = s.substring(open + 1, s.length() - 1);
        for (String a : inner.split(",", -1)) {
            String arg = a.strip();
            if (arg.isEmpty() || arg.indexOf('[') >= 0 || arg.indexOf(']') >= 0) {
                throw new IllegalArgumentException("bad policy '" + text + "': empty or malformed argument");
            }
            args.add(arg);
        }
        return new PolicySpec(s.substring(0, open).strip(), args);
    }

    @Override
    public String toString() {
        return args.isEmpty() ? name : name + "[" + String.join(",", args) + "]";
    }
}
