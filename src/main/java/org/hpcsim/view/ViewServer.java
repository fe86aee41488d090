package org.hpcsim.view;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.StatusCode;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.ws.Message;
import org.apache.pekko.http.javadsl.model.ws.TextMessage;
import org.apache.pekko.http.javadsl.server.AllDirectives;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.japi.Pair;
import org.apache.pekko.stream.BoundedSourceQueue;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The view's HTTP side, on Pekko HTTP: the page and its scripts (from the jar), the socket that
 * carries frames to a page and its controls back ({@code /ws}), and the same controls for scripts
 * ({@code GET /api/state}, {@code POST /api/pause}, {@code resume}, {@code stop}, {@code step},
 * {@code until}, {@code speed}, {@code inject}, the argument in the body).
 *
 * <p>Bound to loopback, anyone on the machine may drive the run; bound elsewhere, controls need the
 * token printed at start ({@code ?token=} on the page's address or the socket's, {@code Authorization:
 * Bearer} for scripts). A request from a page of another origin (a browser's {@code Origin} header that
 * is not this server) is refused, so that no other site can drive a local run. A malformed or hostile
 * message on a socket (not JSON, an unknown type or field, too long, binary, a control without the
 * token) closes that connection with a logged reason; the run never sees it.
 */
public final class ViewServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ViewServer.class);
    private static final String UPLOT = "META-INF/resources/webjars/uplot/1.6.30/dist/";

    /** Where to listen: a host (loopback unless given) and a port (0: any free one). */
    public record Endpoint(String host, int port) {
        /**
         * Parses {@code [HOST:]PORT}.
         *
         * @throws IllegalArgumentException saying what was expected
         */
        public static Endpoint parse(String text) {
            String host = "127.0.0.1";
            String port = text.strip();
            int colon = port.lastIndexOf(':');
            if (colon >= 0) {
                host = port.substring(0, colon);
                port = port.substring(colon + 1);
                if (host.startsWith("[") && host.endsWith("]")) {
                    host = host.substring(1, host.length() - 1);
                }
                if (host.isEmpty()) {
                    throw new IllegalArgumentException("'" + text + "' has no host before ':'; expected [HOST:]PORT");
                }
            }
            int p;
            try {
                p = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "' is not [HOST:]PORT (PORT a number, 0 for any free port)");
            }
            if (p < 0 || p > 65535) {
                throw new IllegalArgumentException("port " + p + " is not between 0 and 65535");
            }
            return new Endpoint(host, p);
        }

        boolean loopback() {
            try {
                return InetAddress.getByName(host).isLoopbackAddress();
            } catch (UnknownHostException e) {
                return false;
            }
        }
    }

    private final ActorSystem system;
    private final ServerBinding binding;
    private final FrameHub hub;
    private final Controls controls;
    private final BooleanSupplier wantFrame;
    /** Null when bound to loopback: controls need no token there. */
    private final String token;
    private final String url;

    private ViewServer(ActorSystem system, ServerBinding binding, FrameHub hub, Controls controls, BooleanSupplier wantFrame,
                       String token, String host) {
        this.system = system;
        this.binding = binding;
        this.hub = hub;
        this.controls = controls;
        this.wantFrame = wantFrame;
        this.token = token;
        int port = binding.localAddress().getPort();
        String h = host.contains(":") ? "[" + host + "]" : host;
        this.url = "http://" + h + ":" + port + "/" + (token == null ? "" : "?token=" + token);
    }

    /**
     * Binds {@code where} and serves {@code hub}'s frames and {@code controls}; {@code wantFrame} asks for
     * a fresh frame (a script's state request), false when none will come.
     *
     * @throws IllegalArgumentException when the address cannot be bound, saying why
     */
    static ViewServer start(Endpoint where, FrameHub hub, Controls controls, BooleanSupplier wantFrame) {
        try {
            InetAddress.getByName(where.host());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("no such host '" + where.host() + "'");
        }
        String token = where.loopback() ? null : newToken();
        Config config = ConfigFactory.parseResources("org/hpcsim/view/view.conf")
                .withFallback(ConfigFactory.defaultReference());
        ActorSystem system = ActorSystem.create("hpcsim-view", config);
        Holder holder = new Holder();
        try {
            ServerBinding b = Http.get(system).newServerAt(where.host(), where.port())
                    .bind(new Routes(holder).route()).toCompletableFuture().get(30, TimeUnit.SECONDS);
            holder.server = new ViewServer(system, b, hub, controls, wantFrame, token, where.host());
            return holder.server;
        } catch (Exception e) {
            system.terminate();
            // The system's reason, from the innermost cause, without the wrappers' class names.
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String reason = root.getMessage() == null ? "" : root.getMessage().replaceFirst("^\\[[^\\]]*\\]\\s*", "");
            throw new IllegalArgumentException("cannot listen on " + where.host() + ":" + where.port() + ": "
                    + (reason.isBlank() ? "the address cannot be bound" : reason));
        }
    }

    private static String newToken() {
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The page's address (with the token when one is needed). */
    public String url() {
        return url;
    }

    /** The token controls need, or null (loopback). */
    public String token() {
        return token;
    }

    /** The port bound. */
    public int port() {
        return binding.localAddress().getPort();
    }

    @Override
    public void close() {
        try {
            binding.terminate(Duration.ofSeconds(1)).toCompletableFuture().get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // Closing anyway.
        }
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // The process ends soon after.
        }
    }

    /** The server, once bound (the routes are made before it exists). */
    private static final class Holder {
        volatile ViewServer server;
    }

    private boolean tokenOk(String given) {
        return token == null || token.equals(given);
    }

    /**
     * Whether a browser request comes from this server's own page: no {@code Origin} (a script), or one
     * naming the host the request was sent to.
     */
    private static boolean sameOrigin(HttpRequest request) {
        Optional<HttpHeader> origin = request.getHeader("Origin");
        if (origin.isEmpty()) {
            return true;
        }
        Optional<HttpHeader> host = request.getHeader("Host");
        return host.isPresent() && origin.get().value().equals("http://" + host.get().value());
    }

    private final class Page implements FrameHub.Page {
        final BoundedSourceQueue<Message> queue;
        final String who;
        volatile boolean controlsAllowed;
        volatile boolean closed;

        Page(BoundedSourceQueue<Message> queue, String who, boolean controlsAllowed) {
            this.queue = queue;
            this.who = who;
            this.controlsAllowed = controlsAllowed;
        }

        @Override
        public void send(String json) {
            if (!closed) {
                queue.offer(TextMessage.create(json));
            }
        }

        /** Refuses a bad message: says why, logs it, closes this connection. */
        void refuse(String reason) {
            LOG.warn("view: closed the connection of {}: {}", who, reason);
            send(ViewJson.error(reason));
            closed = true;
            queue.complete();
            hub.close(this);
        }

        void onText(String text) {
            if (closed) {
                return;
            }
            ViewJson.Control c;
            try {
                c = ViewJson.parse(text);
            } catch (BadMessage e) {
                refuse(e.getMessage());
                return;
            }
            if (!controlsAllowed && !(c.token() != null && tokenOk(c.token()))) {
                refuse("controls need the token printed when the view started (the server is bound beyond loopback)");
                return;
            }
            long id = c.id();
            controls.submit(c.command()).whenComplete((done, error) -> {
                if (error == null) {
                    send(ViewJson.reply(id, true, done));
                } else {
                    send(ViewJson.reply(id, false, reason(error)));
                }
            });
        }
    }

    private static String reason(Throwable error) {
        Throwable e = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return e instanceof IllegalArgumentException && e.getMessage() != null ? e.getMessage() : "refused";
    }

    private Flow<Message, Message, NotUsed> socket(String who, boolean controlsAllowed) {
        Materializer mat = Materializer.matFromSystem(system);
        Pair<BoundedSourceQueue<Message>, Source<Message, NotUsed>> out = Source.<Message>queue(64).preMaterialize(mat);
        Page page = new Page(out.first(), who, controlsAllowed);
        Sink<Message, NotUsed> in = Flow.of(Message.class)
                .mapAsync(1, m -> text(m, mat))
                .to(Sink.foreach(t -> {
                    if (t == null) {
                        page.refuse("a binary or too long message (the view takes JSON text of at most "
                                + ViewJson.MAX_MESSAGE + " characters)");
                    } else {
                        page.onText(t);
                    }
                }));
        hub.open(page, controlsAllowed);
        return Flow.fromSinkAndSourceCoupled(in, out.second()).watchTermination((nu, done) -> {
            done.whenComplete((d, e) -> {
                page.closed = true;
                hub.close(page);
            });
            return nu;
        });
    }

    /** A message's text, or null for a binary one or one over the limit (either is drained first). */
    private static CompletionStage<String> text(Message m, Materializer mat) {
        if (m.isText()) {
            TextMessage t = m.asTextMessage();
            if (t.isStrict()) {
                String s = t.getStrictText();
                return CompletableFuture.completedFuture(s.length() > ViewJson.MAX_MESSAGE ? null : s);
            }
            return t.getStreamedText().limitWeighted(ViewJson.MAX_MESSAGE + 1L, s -> (long) s.length())
                    .runFold(new StringBuilder(), StringBuilder::append, mat)
                    .<String>thenApply(StringBuilder::toString)
                    .exceptionally(e -> null);
        }
        return m.asBinaryMessage().getStreamedData().runWith(Sink.ignore(), mat).thenApply(d -> null);
    }

    /** The routes; they reach the server through the holder, once bound. */
    private static final class Routes extends AllDirectives {
        private final Holder holder;

        Routes(Holder holder) {
            this.holder = holder;
        }

        Route route() {
            return concat(
                    pathSingleSlash(() -> get(() -> getFromResource("org/hpcsim/view/index.html",
                            ContentTypes.TEXT_HTML_UTF8))),
                    path("view.js", () -> get(() -> getFromResource("org/hpcsim/view/view.js",
                            ContentTypes.create(org.apache.pekko.http.javadsl.model.MediaTypes.APPLICATION_JAVASCRIPT,
                                    org.apache.pekko.http.javadsl.model.HttpCharsets.UTF_8)))),
                    path("view.css", () -> get(() -> getFromResource("org/hpcsim/view/view.css"))),
                    pathPrefix("lib", () -> concat(
                            path("uPlot.iife.min.js", () -> get(() -> getFromResource(UPLOT + "uPlot.iife.min.js",
                                    ContentTypes.create(org.apache.pekko.http.javadsl.model.MediaTypes.APPLICATION_JAVASCRIPT,
                                            org.apache.pekko.http.javadsl.model.HttpCharsets.UTF_8)))),
                            path("uPlot.min.css", () -> get(() -> getFromResource(UPLOT + "uPlot.min.css"))))),
                    path("ws", () -> extractRequest(request -> extractClientIP(ip -> parameterOptional("token", given -> {
                        ViewServer s = holder.server;
                        if (!sameOrigin(request)) {
                            return refuse(StatusCodes.FORBIDDEN, "a page of another origin may not connect");
                        }
                        String who = ip.getAddress().map(InetAddress::getHostAddress).orElse("a client");
                        return handleWebSocketMessages(s.socket(who, s.tokenOk(given.orElse(null))));
                    })))),
                    pathPrefix("api", () -> concat(
                            path("state", () -> get(() -> onSuccess(holder.server.state(),
                                    json -> complete(StatusCodes.OK, HttpEntities.create(ContentTypes.APPLICATION_JSON,
                                            json))))),
                            path(verb -> post(() -> extractRequest(request -> entityAsText(body ->
                                    control(request, verb, body)))))))
            );
        }

        private Route entityAsText(java.util.function.Function<String, Route> inner) {
            return extractStrictEntity(Duration.ofSeconds(5), e -> inner.apply(e.getData().utf8String()));
        }

        private Route control(HttpRequest request, String verb, String body) {
            ViewServer s = holder.server;
            if (!sameOrigin(request)) {
                return refuse(StatusCodes.FORBIDDEN, "a page of another origin may not drive the run");
            }
            String given = request.getHeader("Authorization").map(HttpHeader::value)
                    .filter(v -> v.startsWith("Bearer ")).map(v -> v.substring(7).strip())
                    .orElse(request.getUri().query().get("token").orElse(null));
            if (!s.tokenOk(given)) {
                return refuse(StatusCodes.UNAUTHORIZED, "controls need the token printed when the view started"
                        + " (Authorization: Bearer TOKEN)");
            }
            if (body.length() > ViewJson.MAX_MESSAGE) {
                return refuse(StatusCodes.BAD_REQUEST, "a body of " + body.length() + " characters, over "
                        + ViewJson.MAX_MESSAGE);
            }
            if (!ViewJson.verbs().contains(verb)) {
                return refuse(StatusCodes.NOT_FOUND, "no control '" + ViewJson.clip(verb) + "'; expected one of "
                        + String.join(", ", ViewJson.verbs()));
            }
            CompletionStage<String> answer = s.controls.submit(new Command(verb, body.strip()));
            return onComplete(answer, t -> t.isSuccess()
                    ? complete(StatusCodes.OK, HttpEntities.create(ContentTypes.APPLICATION_JSON,
                            ViewJson.reply(0, true, t.get())))
                    : refuse(StatusCodes.BAD_REQUEST, reason(t.failed().get())));
        }

        private Route refuse(StatusCode status, String reason) {
            return complete(status, HttpEntities.create(ContentTypes.APPLICATION_JSON, ViewJson.reply(0, false, reason)));
        }
    }

    /** The latest frame, as fresh as a moment allows: a script's {@code GET /api/state}. */
    private CompletionStage<String> state() {
        CompletableFuture<String> next = hub.next();
        if (!wantFrame.getAsBoolean()) {
            String last = hub.latest();
            return CompletableFuture.completedFuture(last != null ? last : ViewJson.error("no frame yet"));
        }
        return next.completeOnTimeout(null, 1, TimeUnit.SECONDS).thenApply(json -> {
            String s = json != null ? json : hub.latest();
            return s != null ? s : ViewJson.error("no frame yet");
        });
    }
}
