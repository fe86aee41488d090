package org.hpcsim.reproduce;

import java.util.List;

/** Every reproduction {@code hpcsim reproduce} knows, in the order {@code --all} runs them. */
public final class Reproductions {
    private Reproductions() {
    }

    public static List<Reproduction> all() {
        return List.of(new SstTest0001(), new BenderTable1(), new MengTable1(), new GuptaSrimaniExample(),
                new BampisTheorem2(), new CplantTable1());
    }

    /** The reproduction called {@code name}, or an IllegalArgumentException listing the names. */
    public static Reproduction named(String name) {
        for (Reproduction r : all()) {
            if (r.name().equals(name)) {
                return r;
            }
        }
        throw new IllegalArgumentException("no reproduction '" + name + "' (one of: "
                + String.join(", ", all().stream().map(Reproduction::name).toList()) + ")");
    }
}
