// hpcsim live view: draws the frames a run (or a recording) sends over the socket, and sends the controls.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const token = new URLSearchParams(location.search).get("token");
  let socket = null, layout = null, frame = null, mode = "live", nextId = 1;
  let series = null, charts = [], chartsDirty = false, maxLoad = 1;

  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws"
      + (token ? "?token=" + encodeURIComponent(token) : "");
    socket = new WebSocket(url);
    socket.onmessage = (m) => receive(JSON.parse(m.data));
    socket.onclose = () => {
      $("state").textContent = frame && frame.state === "ended" ? "ended (disconnected)" : "disconnected";
      $("state").className = "state";
      document.body.dataset.connected = "0";
      setTimeout(connect, 2000);
    };
  }

  function receive(m) {
    if (m.type === "hello") {
      layout = m.layout;
      mode = m.mode;
      series = m.series;
      $("machine").textContent = layout.machine + ", " + layout.nodes + " nodes";
      $("controls").classList.toggle("hidden", !(m.controls && mode === "live"));
      $("recording").classList.toggle("hidden", mode !== "recording");
      $("room-figure").classList.toggle("hidden", !layout.roomX);
      $("links-legend").classList.toggle("hidden", layout.linkFrom.length === 0);
      if (mode === "recording") {
        const t = series.t;
        $("slider").min = t.length ? t[0] : 0;
        $("slider").max = t.length ? t[t.length - 1] : 1;
      }
      makeCharts();
      document.body.dataset.connected = "1";
    } else if (m.type === "frame") {
      frame = m;
      if (m.point && mode === "live") {
        const last = series.t.length - 1;
        if (last >= 0 && series.t[last] === m.point[0]) {
          Object.keys(series).forEach((k) => series[k].pop());
        }
        ["t", "utilization", "queued", "queueWork", "itKw", "coolingKw", "hottest"]
          .forEach((k, i) => series[k].push(m.point[i]));
        chartsDirty = true;
      }
      draw();
    } else if (m.type === "controls") {
      // How the run is driven now, whoever changed it (this page, another one, a script).
      const sel = $("speed");
      if (![...sel.options].some((o) => o.value === m.speed)) {
        const o = document.createElement("option");
        o.value = m.speed;
        o.textContent = m.speed + " s/s";
        sel.appendChild(o);
      }
      sel.value = m.speed;
    } else if (m.type === "reply") {
      say((m.ok ? "" : "refused: ") + (m.ok ? m.text : m.reason), !m.ok);
    } else if (m.type === "error") {
      say("closed by the server: " + m.reason, true);
    }
  }

  function say(text, refused) {
    $("reply").textContent = text;
    $("reply").className = "reply" + (refused ? " refused" : "");
  }

  function send(control) {
    control.id = nextId++;
    if (token) control.token = token;
    socket.send(JSON.stringify(control));
  }

  function fmt(s) {
    if (s === null || s === undefined) return "-";
    const d = Math.floor(s / 86400), r = s - d * 86400;
    const h = Math.floor(r / 3600), mi = Math.floor((r % 3600) / 60), se = Math.floor(r % 60);
    const p = (x) => String(x).padStart(2, "0");
    return (d ? d + " d " : "") + p(h) + ":" + p(mi) + ":" + p(se) + " (" + s + " s)";
  }

  function jobColour(id) {
    const hue = (id * 137.508) % 360;
    return "hsl(" + hue.toFixed(0) + ",55%,62%)";
  }

  const STATE_COLOURS = ["#e3e3e3", null, "#d62728", "#f2b600"];

  function cellGeometry(canvas, w, h) {
    const box = canvas.parentElement.clientWidth || 600;
    const cell = Math.max(4, Math.min(28, Math.floor(Math.min(box - 12, 900) / w)));
    canvas.width = w * cell;
    canvas.height = Math.max(cell, h * cell);
    return cell;
  }

  function drawMap() {
    const c = $("map"), g = c.getContext("2d");
    const cell = cellGeometry(c, layout.width, layout.height);
    g.clearRect(0, 0, c.width, c.height);
    for (let i = 0; i < layout.nodes; i++) {
      const s = frame.nodes[i];
      g.fillStyle = s === 1 ? jobColour(frame.jobs[i]) : STATE_COLOURS[s];
      const x = layout.x[i] * cell, y = layout.y[i] * cell;
      g.fillRect(x + 1, y + 1, cell - 2, cell - 2);
      if (s === 2) {
        g.strokeStyle = "#fff";
        g.beginPath(); g.moveTo(x + 3, y + 3); g.lineTo(x + cell - 3, y + cell - 3);
        g.moveTo(x + cell - 3, y + 3); g.lineTo(x + 3, y + cell - 3); g.stroke();
      }
    }
    const loads = frame.links || [];
    if (loads.length) {
      for (const l of loads) maxLoad = Math.max(maxLoad, l);
      for (let k = 0; k < loads.length; k++) {
        if (!loads[k]) continue;
        const a = layout.linkFrom[k], b = layout.linkTo[k];
        if (Math.abs(layout.x[a] - layout.x[b]) + Math.abs(layout.y[a] - layout.y[b]) !== 1) continue; // wrap-around
        const f = loads[k] / maxLoad;
        g.strokeStyle = "rgba(" + Math.round(120 + 135 * f) + "," + Math.round(120 - 80 * f) + ",40,0.9)";
        g.lineWidth = 1 + 3 * f;
        g.beginPath();
        g.moveTo((layout.x[a] + 0.5) * cell, (layout.y[a] + 0.5) * cell);
        g.lineTo((layout.x[b] + 0.5) * cell, (layout.y[b] + 0.5) * cell);
        g.stroke();
      }
    }
    c.dataset.drawn = String(frame.t);
  }

  function heat(v, lo, hi) {
    const f = Math.max(0, Math.min(1, (v - lo) / (hi - lo)));
    const r = Math.round(40 + 215 * f), b = Math.round(220 - 200 * f), gr = Math.round(90 + 90 * (1 - Math.abs(f - 0.5) * 2));
    return "rgb(" + r + "," + gr + "," + b + ")";
  }

  function drawRoom() {
    const room = frame.room;
    if (!layout.roomX) return;
    const c = $("room"), g = c.getContext("2d");
    const cell = cellGeometry(c, layout.roomWidth, layout.roomHeight);
    g.clearRect(0, 0, c.width, c.height);
    if (!room || !room.inlets) {
      $("room-text").textContent = "(not sampled yet)";
      return;
    }
    const lo = Math.min(...room.inlets), hi = Math.max(room.redline, ...room.inlets);
    for (let i = 0; i < room.inlets.length; i++) {
      const x = layout.roomX[i] * cell, y = layout.roomY[i] * cell;
      g.fillStyle = heat(room.inlets[i], lo, hi);
      g.fillRect(x + 1, y + 1, cell - 2, cell - 2);
      if (frame.nodes[i] === 2) {
        g.strokeStyle = "#000";
        g.strokeRect(x + 2, y + 2, cell - 4, cell - 4);
      }
    }
    const hx = layout.roomX[room.hottestNode] * cell, hy = layout.roomY[room.hottestNode] * cell;
    g.strokeStyle = "#000"; g.lineWidth = 2; g.strokeRect(hx + 1, hy + 1, cell - 2, cell - 2); g.lineWidth = 1;
    $("room-text").textContent = "hottest " + (room.hottest === null ? "-" : room.hottest.toFixed(1)) + " C at node "
      + room.hottestNode + (room.redline === null ? "" : " (redline " + room.redline + " C)") + ", supply "
      + (room.supply === null ? "none" : room.supply.toFixed(1) + " C") + ", IT " + (room.it / 1000).toFixed(1)
      + " kW, cooling " + (room.cooling / 1000).toFixed(1) + " kW; CRAC units " + room.units + ", down: "
      + (room.unitsDown.length ? "unit " + room.unitsDown.join(", ") : "none");
    $("room-legend").textContent = (mode === "recording" ? "each node's hottest inlet over the run (inlet.csv): " : "")
      + "blue " + lo.toFixed(1) + " C to red " + hi.toFixed(1) + " C; outlined: hottest";
  }

  function rows(id, list, cells) {
    const body = $(id).tBodies[0];
    body.textContent = "";
    for (const item of list) {
      const tr = body.insertRow();
      for (const v of cells(item)) tr.insertCell().textContent = v;
    }
  }

  function draw() {
    if (!layout || !frame) return;
    $("state").textContent = frame.state;
    $("state").className = "state " + frame.state;
    $("clock").textContent = "t = " + fmt(frame.t) + (frame.next !== null && frame.state === "paused"
      ? ", next event " + fmt(frame.next) : "");
    $("counts").textContent = "busy " + frame.busy + ", free " + (layout.nodes - frame.busy - frame.down - frame.drained)
      + ", failed " + frame.down + ", drained " + frame.drained + "; jobs queued " + frame.queued + ", running "
      + frame.running + ", ended " + frame.ended;
    if (!$("inject-time").value || $("inject-time").dataset.auto === "1") {
      $("inject-time").value = frame.t + "s";
      $("inject-time").dataset.auto = "1";
    }
    drawMap();
    drawRoom();
    rows("queue", frame.queue, (j) => j);
    rows("running", frame.runningJobs, (j) => j);
    rows("events", frame.events.slice().reverse(), (e) => e);
    document.body.dataset.state = frame.state;
    document.body.dataset.t = String(frame.t);
    $("slider-time").textContent = fmt(frame.t);
  }

  function makeCharts() {
    charts.forEach((c) => c.destroy());
    charts = [];
    $("charts").textContent = "";
    const specs = [
      ["Utilization", [["utilization", "busy share", "#1f77b4"]]],
      ["Queue", [["queued", "jobs", "#ff7f0e"], ["queueWork", "node-hours", "#8c564b", "work"]]],
    ];
    if (layout.roomX) {
      specs.push(["Power (kW)", [["itKw", "IT", "#2ca02c"], ["coolingKw", "cooling", "#17becf"]]]);
      specs.push(["Hottest inlet (C)", [["hottest", "inlet", "#d62728"]]]);
    }
    for (const [title, ss] of specs) {
      const div = document.createElement("div");
      $("charts").appendChild(div);
      const scales = { x: { time: false } };
      const axes = [{ label: "simulated s" }, {}];
      const s = [{}];
      for (const [key, label, colour, scale] of ss) {
        s.push({ label: label, stroke: colour, scale: scale || "y", spanGaps: true });
        if (scale) { scales[scale] = {}; axes.push({ scale: scale, side: 1 }); }
      }
      const opts = { title: title, width: 420, height: 180, scales: scales, axes: axes, series: s };
      const chart = new uPlot(opts, data(ss), div);
      chart.keys = ss;
      charts.push(chart);
    }
  }

  function data(ss) {
    return [series.t].concat(ss.map((k) => series[k[0]]));
  }

  setInterval(() => {
    if (chartsDirty) {
      chartsDirty = false;
      charts.forEach((c) => c.setData(data(c.keys)));
    }
  }, 500);

  function eventLine() {
    const kind = $("inject-kind").value;
    const target = $("inject-target").value.trim();
    const at = $("inject-time").value.trim() || (frame ? frame.t + "s" : "0s");
    const many = /[,-]/.test(target) && !kind.endsWith("link");
    if (kind.startsWith("crac")) {
      const verb = kind.split(" ")[1];
      return "at " + at + " crac " + target + " " + verb + (verb === "supply" ? " " + $("inject-supply").value.trim() : "");
    }
    const [verb, what] = kind.split(" ");
    return "at " + at + " " + verb + " " + what + (many ? "s" : "") + " " + target;
  }

  $("pause").onclick = () => send({ type: "pause" });
  $("resume").onclick = () => send({ type: "resume" });
  $("step").onclick = () => send({ type: "step" });
  $("until").onclick = () => send({ type: "until", time: $("until-time").value.trim() });
  $("speed").onchange = () => send({ type: "speed", speed: $("speed").value });
  $("stop").onclick = () => send({ type: "stop" });
  $("inject").onclick = () => send({ type: "inject", event: eventLine() });
  $("inject-line").onclick = () => send({ type: "inject", event: $("event-line").value.trim() });
  $("inject-kind").onchange = () => $("supply-label").classList.toggle("hidden", $("inject-kind").value !== "crac supply");
  $("inject-time").oninput = () => { $("inject-time").dataset.auto = "0"; };
  $("slider").oninput = () => send({ type: "seek", time: $("slider").value + "s" });
  window.addEventListener("resize", draw);
  connect();
})();
