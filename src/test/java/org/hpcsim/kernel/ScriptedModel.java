package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Components that follow a script carried by their messages: each {@link Note} is logged as
 * "time,round:text" in one shared log (in handling order, which the kernel makes deterministic),
 * then its follow-up sends are made. Used to check the kernel's time contract rule by rule.
 */
public final class ScriptedModel {
    /** A message: log {@code text}, then make the {@code then} sends; {@code eoi} asks for an end-of-instant call. */
    public record Note(String text, boolean eoi, List<Send> then) {
        public Note(String text, Send... then) {
            this(text, false, List.of(then));
        }
    }

    /** A send to make: to component {@code to} after {@code latency} microseconds. */
    public record Send(int to, long latency, Note note) {
    }

    /** Sent at an end-of-instant call (once), if set. */
    record EoiReply(int to, Note note) {
    }

    public final List<String> log = Collections.synchronizedList(new ArrayList<>());

    /** Adds {@code n} scripted components; component {@code eoiReplier} answers its first EOI call. */
    void build(TestKernel kernel, int n, EoiReply eoiReply, int eoiReplier) {
        for (int i = 0; i < n; i++) {
            EoiReply reply = i == eoiReplier ? eoiReply : null;
            kernel.add(i, "scripted", ports -> new Actor(log, reply));
        }
    }

    public static final class Actor extends TestComponent<Note> {
        private final List<String> log;
        private EoiReply reply;
        private int seen;

        public Actor(List<String> log, EoiReply reply) {
            this.log = log;
            this.reply = reply;
        }

        @Override
        protected void onMessage(Note note) {
            seen++;
            log.add(now() + "," + round() + ":" + note.text());
            if (note.eoi()) {
                requestEndOfInstant();
            }
            for (Send s : note.then()) {
                send(new Address<Note>(s.to()), s.note(), s.latency());
            }
        }

        @Override
        protected void onEndOfInstant() {
            log.add(now() + "," + round() + ":eoi@" + id() + " saw " + seen);
            if (reply != null) {
                send(new Address<Note>(reply.to()), reply.note());
                reply = null;
            }
        }
    }
}
