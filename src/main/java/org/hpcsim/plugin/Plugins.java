package org.hpcsim.plugin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.hpcsim.registry.Registry;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.workload.InputException;

/**
 * The plugins of one run: their jars in one class loader (whose parent is hpcsim's), and the registry
 * the run uses, the built-in policies plus every provider's. Without jars it is the built-in registry
 * itself, at no cost. Close it when the run is over: that closes the jars.
 *
 * <p>Every problem loading a plugin is an {@link InputException} naming the jar (and the provider
 * class, once there is one): a jar that does not exist or is not a jar, a jar without a provider, a
 * provider that cannot be created or throws in {@link PolicyProvider#register}, and a declaration
 * that is refused (a taken name, a bad parameter).
 */
public final class Plugins implements AutoCloseable {
    /** Where a jar lists its providers. */
    public static final String SERVICE_FILE = "META-INF/services/" + PolicyProvider.class.getName();

    private static final Plugins NONE = new Plugins(StandardPolicies.registry(), List.of(), null);

    private final Registry registry;
    private final List<Registry.Origin> providers;
    private final URLClassLoader loader;

    private Plugins(Registry registry, List<Registry.Origin> providers, URLClassLoader loader) {
        this.registry = registry;
        this.providers = List.copyOf(providers);
        this.loader = loader;
    }

    /** No plugins: the built-in registry. */
    public static Plugins none() {
        return NONE;
    }

    /**
     * Loads the jars, in order (a jar named twice is loaded once), and registers their providers' policies.
     *
     * @throws InputException naming the plugin, for any problem (see the class comment)
     */
    public static Plugins load(List<Path> jars) {
        if (jars.isEmpty()) {
            return NONE;
        }
        Set<Path> unique = new LinkedHashSet<>();
        for (Path given : jars) {
            Path jar = given.toAbsolutePath().normalize();
            check(jar);
            unique.add(jar);
        }
        URL[] urls = new URL[unique.size()];
        int i = 0;
        for (Path jar : unique) {
            urls[i++] = url(jar);
        }
        URLClassLoader loader = new URLClassLoader("hpcsim-plugins", urls, Plugins.class.getClassLoader());
        try {
            Registry registry = StandardPolicies.create();
            List<Registry.Origin> providers = new ArrayList<>();
            Iterator<ServiceLoader.Provider<PolicyProvider>> found =
                    ServiceLoader.load(PolicyProvider.class, loader).stream().iterator();
            while (true) {
                ServiceLoader.Provider<PolicyProvider> p;
                try {
                    if (!found.hasNext()) {
                        break;
                    }
                    p = found.next();
                } catch (ServiceConfigurationError e) {
                    // The provider class is missing, not a PolicyProvider, or has no public no-argument constructor.
                    throw new InputException(unique.stream().map(j -> "plugin " + j)
                            .collect(Collectors.joining(" or ")) + ": " + e.getMessage());
                }
                Path jar = location(p.type());
                if (jar == null || !unique.contains(jar)) {
                    continue; // a provider on hpcsim's own class path, not one of this run's plugins
                }
                Registry.Origin origin = new Registry.Origin(jar, p.type().getName());
                providers.add(origin);
                register(p, origin, registry);
            }
            for (Path jar : unique) {
                if (providers.stream().noneMatch(o -> o.jar().equals(jar))) {
                    throw new InputException("plugin " + jar + ": no provider: " + SERVICE_FILE
                            + " in the jar names no class of the jar");
                }
            }
            return new Plugins(registry, providers, loader);
        } catch (RuntimeException | Error e) {
            close(loader);
            throw e;
        }
    }

    /** Creates the provider and lets it register. */
    private static void register(ServiceLoader.Provider<PolicyProvider> p, Registry.Origin origin, Registry registry) {
        String where = "plugin " + origin.jar() + " (" + origin.provider() + ")";
        PolicyProvider provider;
        try {
            provider = p.get();
        } catch (ServiceConfigurationError e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new InputException(where + ": the provider could not be created: " + cause);
        }
        try {
            provider.register(new Registrar(registry, origin));
        } catch (Registrar.Refused e) {
            throw new InputException(where + ": " + e.getMessage());
        } catch (RuntimeException | Error e) {
            if (e instanceof VirtualMachineError v) {
                throw v;
            }
            throw new InputException(where + ": register threw " + e);
        }
    }

    /** A jar that exists, is a jar, and has a providers file. */
    private static void check(Path jar) {
        if (!Files.exists(jar)) {
            throw new InputException("plugin " + jar + ": no such file");
        }
        if (!Files.isRegularFile(jar)) {
            throw new InputException("plugin " + jar + ": not a jar file (not a regular file)");
        }
        try (JarFile j = new JarFile(jar.toFile())) {
            if (j.getEntry(SERVICE_FILE) == null) {
                throw new InputException("plugin " + jar + ": no provider: the jar has no " + SERVICE_FILE);
            }
        } catch (IOException e) {
            throw new InputException("plugin " + jar + ": not a jar file (" + e.getMessage() + ")");
        }
    }

    private static URL url(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new InputException("plugin " + jar + ": " + e.getMessage());
        }
    }

    /** The jar (or directory) a class was loaded from, or null. */
    private static Path location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
            return null; // not a file: not one of the plugins' jars
        }
    }

    /** The registry of the run: the built-in policies, then the plugins'. */
    public Registry registry() {
        return registry;
    }

    /** Every provider loaded, in order: its jar and class. */
    public List<Registry.Origin> providers() {
        return providers;
    }

    @Override
    public void close() {
        if (loader != null) {
            close(loader);
        }
    }

    private static void close(URLClassLoader loader) {
        try {
            loader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
