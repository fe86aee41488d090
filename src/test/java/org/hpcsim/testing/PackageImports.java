package org.hpcsim.testing;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which {@code org.hpcsim} packages each main class uses, read from the compiled classes' constant
 * pools: every class named in a class reference, a field or method descriptor or a generic signature
 * counts, whether imported or written out in full; comments and string literals do not. Constants
 * inlined by the compiler leave no trace, as in any bytecode-based check.
 */
public final class PackageImports {
    private static final Pattern PACKAGE = Pattern.compile("org/hpcsim/([a-z0-9_]+)/");

    /** Class name (dotted) to the {@code org.hpcsim} packages (last segment) it uses, itself excluded. */
    private final Map<String, Set<String>> byClass;
    /** Class name to the type-naming constants of its class file (for rules on other libraries). */
    private final Map<String, List<String>> texts;

    private PackageImports(Map<String, Set<String>> byClass, Map<String, List<String>> texts) {
        this.byClass = byClass;
        this.texts = texts;
    }

    /** The main classes, found where the compiled {@code org.hpcsim.cli.Main} lies (target/classes). */
    public static PackageImports ofMainClasses() {
        try {
            Path root = Path.of(org.hpcsim.cli.Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return of(root);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The classes under a class-path directory. */
    public static PackageImports of(Path root) {
        Map<String, Set<String>> byClass = new TreeMap<>();
        Map<String, List<String>> texts = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                String name = root.relativize(f).toString().replace(f.getFileSystem().getSeparator(), ".")
                        .replaceFirst("\\.class$", "");
                if (!name.startsWith("org.hpcsim.")) {
                    continue;
                }
                Set<String> used = new TreeSet<>();
                try (InputStream in = Files.newInputStream(f)) {
                    List<String> refs = referenceTexts(new DataInputStream(in));
                    texts.put(name, refs);
                    for (String text : refs) {
                        Matcher m = PACKAGE.matcher(text);
                        while (m.find()) {
                            used.add(m.group(1));
                        }
                    }
                }
                used.remove(packageOf(name));
                byClass.put(name, used);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new PackageImports(byClass, texts);
    }

    /** The package (last segment under {@code org.hpcsim}) of a class name such as {@code org.hpcsim.sim.Simulation$Result}. */
    public static String packageOf(String className) {
        String rest = className.substring("org.hpcsim.".length());
        return rest.substring(0, rest.indexOf('.'));
    }

    /** Every class read (dotted names, nested ones with {@code $}), sorted. */
    public Set<String> classNames() {
        return byClass.keySet();
    }

    /** Every package with a main class, and the other {@code org.hpcsim} packages it uses. */
    public Map<String, Set<String>> packages() {
        Map<String, Set<String>> out = new TreeMap<>();
        byClass.forEach((cls, used) -> out.computeIfAbsent(packageOf(cls), k -> new TreeSet<>()).addAll(used));
        return out;
    }

    /** The classes of {@code pkg} that use package {@code used}, sorted. */
    public List<String> classesUsing(String pkg, String used) {
        List<String> out = new ArrayList<>();
        byClass.forEach((cls, uses) -> {
            if (packageOf(cls).equals(pkg) && uses.contains(used)) {
                out.add(cls);
            }
        });
        return out;
    }

    /** The classes of {@code pkg} that name a type whose internal name contains {@code prefix} (e.g. {@code org/apache/pekko/}). */
    public List<String> classesUsingPrefix(String pkg, String prefix) {
        List<String> out = new ArrayList<>();
        texts.forEach((cls, refs) -> {
            if (packageOf(cls).equals(pkg) && refs.stream().anyMatch(t -> t.contains(prefix))) {
                out.add(cls);
            }
        });
        return out;
    }

    /** The UTF-8 constants of a class file that name types (all but those only string literals use). */
    private static List<String> referenceTexts(DataInputStream in) throws IOException {
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        BitSet literal = new BitSet(count);
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 8 -> literal.set(in.readUnsignedShort());
                case 7, 16, 19, 20 -> in.readUnsignedShort();
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                case 5, 6 -> {
                    in.readLong();
                    i++; // eight-byte constants take two slots
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        List<String> out = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            if (utf8[i] != null && !literal.get(i)) {
                out.add(utf8[i]);
            }
        }
        return out;
    }
}
