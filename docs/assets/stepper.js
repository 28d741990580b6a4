/* Step through a search (docs/step.md): the traces of reference.trace, node by node.
 *
 * The traces are plain scripts written at build time (tools/docs_traces.py):
 * assets/traces/index.js sets window.gtTraceIndex (the positions and their runs), and
 * assets/traces/pN.js calls window.gtTraceLoaded(N, {"alphabeta 2": trace, ...}).
 * Nothing is fetched from outside; no library.
 *
 * A search becomes a list of steps: entering a node, and leaving it with its value
 * (the moves a cut-off left unsearched appear then), and a last step with the
 * principal variation.  The tree is laid out once per trace (leaves and cut-off
 * markers get slots left to right; a parent sits above the middle of its children);
 * each step only changes classes and texts.
 */
(function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";
  var INFINITE = 10000000;
  var SLOT = 54, LEVEL = 78, BOX_W = 44, BOX_H = 20, MARGIN = 30;
  var scriptBase = (function () {
    var current = document.currentScript;
    var src = current ? current.src : "";
    return src.slice(0, src.lastIndexOf("/") + 1); // .../assets/
  })();

  var loaded = {};
  var waiting = {};
  window.gtTraceLoaded = function (number, data) {
    loaded[number] = data;
    if (waiting[number]) {
      var callback = waiting[number];
      delete waiting[number];
      callback();
    }
  };

  function loadScript(src, onload, onerror) {
    var script = document.createElement("script");
    script.src = src;
    script.onload = onload;
    script.onerror = onerror;
    document.head.appendChild(script);
  }

  function show(value) {
    if (value === null || value === undefined) return "…";
    if (value >= INFINITE) return "+∞";
    if (value <= -INFINITE) return "−∞";
    return String(value);
  }

  function el(name, attributes, parent) {
    var node = document.createElementNS(SVG_NS, name);
    for (var key in attributes) node.setAttribute(key, attributes[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  /* ---------------------------------------------------------------- the steps */
  function buildSteps(trace) {
    var steps = [];
    var nodes = [];
    function walk(node, parent, pass) {
      node.parent = parent;
      node.pass = pass;
      nodes.push(node);
      steps.push({ type: "enter", node: node });
      node.children.forEach(function (child) { walk(child, node, pass); });
      steps.push({ type: "leave", node: node });
    }
    trace.tree.forEach(function (root, pass) { walk(root, null, pass); });
    steps.push({ type: "done" });
    steps.forEach(function (step, index) {
      if (step.type === "enter") step.node.enteredAt = index;
      if (step.type === "leave") step.node.leftAt = index;
    });
    return { steps: steps, nodes: nodes };
  }

  function pvNodes(trace) {
    // the principal variation: from the last pass's root, follow the moves of trace.pv
    var roots = trace.tree;
    var node = roots[roots.length - 1];
    var found = [node];
    for (var i = 0; i < trace.pv.length && node; i++) {
      var next = null;
      for (var j = 0; j < node.children.length; j++) {
        if (node.children[j].move === trace.pv[i]) { next = node.children[j]; break; }
      }
      node = next;
      if (node) found.push(node);
    }
    return found;
  }

  /* ---------------------------------------------------------------- layout */
  function layout(trace) {
    var slot = 0;
    var levels = 0;
    function place(node, level, offset) {
      levels = Math.max(levels, level + 1);
      node.y = MARGIN + 24 + level * LEVEL;
      var xs = node.children.map(function (child) { return place(child, level + 1, offset); });
      if (node.unsearched && node.unsearched.length) {
        node.cutX = offset + MARGIN + SLOT / 2 + slot++ * SLOT;
        node.cutY = node.y + LEVEL;
        xs.push(node.cutX);
        levels = Math.max(levels, level + 2);
      }
      node.x = xs.length ? (xs[0] + xs[xs.length - 1]) / 2 : offset + MARGIN + SLOT / 2 + slot++ * SLOT;
      return node.x;
    }
    var offset = 0;
    trace.tree.forEach(function (root) {
      slot = 0;
      place(root, 0, offset);
      offset += MARGIN + Math.max(slot, 1) * SLOT + 40;
    });
    return { width: offset + MARGIN, height: MARGIN + 24 + levels * LEVEL + 20 };
  }

  /* ---------------------------------------------------------------- the viewer */
  function Viewer(container) {
    this.c = container;
    this.svg = container.querySelector("#gt-tree");
    this.info = container.querySelector("#gt-info");
    this.view = { x: 0, y: 0, k: 1 };
    this.step = 0;
    this.trace = null;
  }

  Viewer.prototype.setTrace = function (trace) {
    this.trace = trace;
    var built = buildSteps(trace);
    this.steps = built.steps;
    this.nodes = built.nodes;
    this.pv = pvNodes(trace);
    this.size = layout(trace);
    this.draw();
    this.home();
    this.go(0);
  };

  Viewer.prototype.draw = function () {
    var svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var g = el("g", { "class": "gt-viewport" }, svg);
    this.g = g;
    var edges = el("g", {}, g);
    var boxes = el("g", {}, g);
    var self = this;
    this.nodes.forEach(function (node) {
      if (node.parent) {
        node.edge = el("line", {
          x1: node.parent.x, y1: node.parent.y + BOX_H / 2 + 11,
          x2: node.x, y2: node.y - BOX_H / 2 - 11, "class": "gt-edge"
        }, edges);
        node.moveLabel = el("text", { x: node.x, y: node.y - BOX_H / 2 - 3, "class": "gt-move" }, boxes);
        node.moveLabel.textContent = node.move || "";
      }
      if (node.unsearched && node.unsearched.length) {
        node.cut = el("g", { "class": "gt-cut" }, edges);
        el("line", { x1: node.x, y1: node.y + BOX_H / 2 + 11, x2: node.cutX, y2: node.cutY - 10, "class": "gt-cut-edge" }, node.cut);
        var mark = el("text", { x: node.cutX, y: node.cutY, "class": "gt-cut-mark" }, node.cut);
        mark.textContent = "×";
        var names = el("text", { x: node.cutX, y: node.cutY + 13, "class": "gt-cut-text" }, node.cut);
        names.textContent = node.unsearched.length + " cut";
      }
      var group = el("g", { "class": "gt-node", "data-order": node.order }, boxes);
      node.group = group;
      node.box = el("rect", {
        x: node.x - BOX_W / 2, y: node.y - BOX_H / 2, width: BOX_W, height: BOX_H, rx: 3,
        "class": "gt-box gt-side" + node.to_move + (node.kind === "table cutoff" ? " gt-tt" : "")
      }, group);
      node.valueText = el("text", { x: node.x, y: node.y + 4, "class": "gt-value" }, group);
      var order = el("text", { x: node.x - BOX_W / 2 - 2, y: node.y - BOX_H / 2 - 2, "class": "gt-order" }, group);
      order.textContent = node.order;
      if (node.window) {
        var win = el("text", { x: node.x, y: node.y + BOX_H / 2 + 9, "class": "gt-window" }, group);
        win.textContent = "[" + show(node.window[0]) + "," + show(node.window[1]) + "]";
      }
      if (node.store) {
        node.flag = el("text", { x: node.x + BOX_W / 2 + 2, y: node.y + 4, "class": "gt-flag" }, group);
        node.flag.textContent = node.store.flag.charAt(0);
      } else if (node.kind === "table cutoff") {
        node.flag = el("text", { x: node.x + BOX_W / 2 + 2, y: node.y + 4, "class": "gt-flag" }, group);
        node.flag.textContent = "TT";
      }
      group.addEventListener("click", function () { self.go(node.enteredAt); });
    });
  };

  Viewer.prototype.go = function (index) {
    if (!this.trace) return;
    index = Math.max(0, Math.min(this.steps.length - 1, index));
    this.step = index;
    var step = this.steps[index];
    var done = step.type === "done";
    var current = step.node || null;
    var path = {};
    for (var up = current; up; up = up.parent) path[up.order + ":" + up.pass] = true;
    var visited = 0;
    var onPv = {};
    if (done) this.pv.forEach(function (node) { onPv[node.order + ":" + node.pass] = true; });
    this.nodes.forEach(function (node) {
      var key = node.order + ":" + node.pass;
      var entered = node.enteredAt <= index;
      var left = node.leftAt <= index;
      if (entered) visited++;
      var classes = ["gt-node"];
      if (!entered) classes.push("gt-future");
      if (entered && !left) classes.push("gt-open");
      if (path[key]) classes.push("gt-path");
      if (node === current) classes.push("gt-current");
      if (onPv[key]) classes.push("gt-pv");
      node.group.setAttribute("class", classes.join(" "));
      node.valueText.textContent = left ? show(node.value) : "…";
      if (node.edge) {
        var edgeClass = "gt-edge";
        if (!entered) edgeClass += " gt-future";
        if (path[key] && node !== null) edgeClass += " gt-path";
        if (onPv[key]) edgeClass += " gt-pv";
        node.edge.setAttribute("class", edgeClass);
        node.moveLabel.setAttribute("class", "gt-move" + (entered ? "" : " gt-future"));
      }
      if (node.flag) node.flag.setAttribute("class", "gt-flag" + (left ? "" : " gt-future"));
      if (node.cut) node.cut.setAttribute("class", "gt-cut" + (left ? " gt-cut-shown" : ""));
    });
    this.c.querySelector("#gt-step").textContent = index + 1;
    this.c.querySelector("#gt-steps").textContent = this.steps.length;
    this.c.querySelector("#gt-nodes").textContent = visited;
    this.c.querySelector("#gt-total").textContent = this.trace.nodes;
    this.c.querySelector("#gt-value").textContent = done ? show(this.trace.value) : "?";
    this.describe(step);
    if (current) this.follow(current);
  };

  Viewer.prototype.describe = function (step) {
    var t = this.trace;
    var lines = [];
    function moves(node) {
      var list = [];
      for (var up = node; up && up.parent; up = up.parent) list.unshift(up.move);
      return list.length ? list.join(" ") : "(the root)";
    }
    if (step.type === "done") {
      lines.push("<b>Done.</b> " + t.algorithm + " to depth " + t.depth + " returns <b>" + show(t.value) + "</b> after " + t.nodes + " nodes.");
      lines.push("Principal variation: <b>" + (t.pv.length ? t.pv.join(" ") : "(none)") + "</b>" + (t.pv_ends_in_table ? " (it ends in a table entry)" : "") + ".");
      if (t.table && (t.table.probes || t.table.hits)) {
        lines.push("Table: " + t.table.probes + " probes, " + t.table.hits + " hits, " + t.table.cutoffs + " cut-offs.");
      }
      if (t.tree.length > 1) lines.push("MTD(f) ran " + t.tree.length + " null-window passes, side by side.");
    } else {
      var node = step.node;
      var side = node.to_move === 0 ? "the first player" : "the second player";
      if (step.type === "enter") {
        lines.push("<b>Enter node " + node.order + "</b>: " + moves(node) + ", depth " + node.depth + " left, " + side + " to move.");
        if (node.window) lines.push("Window on entry: [α, β] = [" + show(node.window[0]) + ", " + show(node.window[1]) + "].");
        else lines.push("Minimax has no window: every move is searched.");
        if (node.probe) {
          lines.push(node.probe.hit
            ? "Table probe: <b>hit</b>, " + node.probe.flag + " " + show(node.probe.value) + " stored at depth " + node.probe.depth + "."
            : "Table probe: miss.");
        }
      } else {
        lines.push("<b>Return from node " + node.order + "</b> (" + moves(node) + "): value <b>" + show(node.value) + "</b> for " + side + ".");
        var why = {
          "evaluate": "depth 0: the evaluation of the position",
          "game over": "the game is over here",
          "table cutoff": "a table entry decided it without a search",
          "cutoff": "a cut-off: the window closed before every move was searched",
          "inner": "every move was searched"
        }[node.kind];
        if (why) lines.push("Why: " + why + ".");
        if (node.unsearched && node.unsearched.length) lines.push("Never searched: " + node.unsearched.join(" ") + ".");
        if (node.store) lines.push("Table store: " + node.store.flag + " " + show(node.store.value) + " at depth " + node.store.depth + (node.store.written ? "." : " (not written: a deeper entry stays)."));
      }
    }
    this.info.innerHTML = lines.map(function (line) { return "<p>" + line + "</p>"; }).join("");
  };

  /* ---------------------------------------------------------------- pan and zoom */
  Viewer.prototype.apply = function () {
    this.g.setAttribute("transform", "translate(" + this.view.x + "," + this.view.y + ") scale(" + this.view.k + ")");
  };

  Viewer.prototype.fit = function () {
    var box = this.svg.getBoundingClientRect();
    var w = box.width || 800, h = box.height || 480;
    var k = Math.min(1.4, Math.min(w / this.size.width, h / this.size.height));
    this.view = { k: k, x: (w - this.size.width * k) / 2, y: 4 };
    this.apply();
  };

  Viewer.prototype.home = function () {
    // the first node at full size near the top, or the whole tree when it fits
    var box = this.svg.getBoundingClientRect();
    var w = box.width || 800, h = box.height || 480;
    if (this.size.width <= w && this.size.height <= h) { this.fit(); return; }
    var root = this.nodes[0];
    this.view = { k: 1, x: w / 2 - root.x, y: 10 };
    this.apply();
  };

  Viewer.prototype.zoom = function (factor, cx, cy) {
    var box = this.svg.getBoundingClientRect();
    if (cx === undefined) { cx = box.width / 2; cy = box.height / 2; }
    var k = Math.max(0.1, Math.min(6, this.view.k * factor));
    var f = k / this.view.k;
    this.view.x = cx - (cx - this.view.x) * f;
    this.view.y = cy - (cy - this.view.y) * f;
    this.view.k = k;
    this.apply();
  };

  Viewer.prototype.follow = function (node) {
    var box = this.svg.getBoundingClientRect();
    var x = node.x * this.view.k + this.view.x, y = node.y * this.view.k + this.view.y;
    var moved = false;
    if (x < 30 || x > box.width - 30) { this.view.x = box.width / 2 - node.x * this.view.k; moved = true; }
    if (y < 30 || y > box.height - 30) { this.view.y = box.height / 2 - node.y * this.view.k; moved = true; }
    if (moved) this.apply();
  };

  Viewer.prototype.enablePanZoom = function () {
    var self = this, dragging = null;
    this.svg.addEventListener("wheel", function (event) {
      event.preventDefault();
      var box = self.svg.getBoundingClientRect();
      self.zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });
    this.svg.addEventListener("pointerdown", function (event) {
      dragging = { x: event.clientX, y: event.clientY, vx: self.view.x, vy: self.view.y };
      self.svg.setPointerCapture(event.pointerId);
    });
    this.svg.addEventListener("pointermove", function (event) {
      if (!dragging) return;
      self.view.x = dragging.vx + event.clientX - dragging.x;
      self.view.y = dragging.vy + event.clientY - dragging.y;
      self.apply();
    });
    this.svg.addEventListener("pointerup", function () { dragging = null; });
  };

  /* ---------------------------------------------------------------- the page */
  function start() {
    var container = document.getElementById("stepper");
    if (!container) return;
    var viewer = new Viewer(container);
    var positionSelect = container.querySelector("#gt-position");
    var algorithmSelect = container.querySelector("#gt-algorithm");
    var depthSelect = container.querySelector("#gt-depth");
    var index = null;

    function option(select, value, text) {
      var o = document.createElement("option");
      o.value = value;
      o.textContent = text;
      select.appendChild(o);
    }

    function runs() {
      return index[Number(positionSelect.value)].runs;
    }

    function fillAlgorithms() {
      var keep = algorithmSelect.value || "minimax";
      algorithmSelect.innerHTML = "";
      var seen = {};
      runs().forEach(function (run) {
        if (!seen[run.algorithm]) { seen[run.algorithm] = true; option(algorithmSelect, run.algorithm, run.algorithm); }
      });
      algorithmSelect.value = seen[keep] ? keep : algorithmSelect.options[0].value;
      fillDepths();
    }

    function fillDepths() {
      var keep = depthSelect.value || "2";
      depthSelect.innerHTML = "";
      var has = {};
      runs().forEach(function (run) {
        if (run.algorithm === algorithmSelect.value) {
          has[run.depth] = true;
          option(depthSelect, run.depth, run.depth + " (" + run.nodes + " nodes)");
        }
      });
      depthSelect.value = has[keep] ? keep : depthSelect.options[0].value;
    }

    function showTrace() {
      var number = Number(positionSelect.value);
      var key = algorithmSelect.value + " " + depthSelect.value;
      function ready() {
        var trace = JSON.parse(JSON.stringify(loaded[number][key])); // a fresh copy to annotate
        viewer.setTrace(trace);
        container.setAttribute("data-ready", key);
        container.setAttribute("data-position", String(number));
      }
      if (loaded[number]) ready();
      else {
        waiting[number] = ready;
        loadScript(scriptBase + "traces/" + index[number].file, null, function () {
          viewer.info.textContent = "The traces could not be loaded (assets/traces/ is missing: build the site with `make docs`).";
        });
      }
    }

    positionSelect.addEventListener("change", function () { fillAlgorithms(); showTrace(); });
    algorithmSelect.addEventListener("change", function () { fillDepths(); showTrace(); });
    depthSelect.addEventListener("change", showTrace);
    container.querySelector("#gt-start").addEventListener("click", function () { viewer.go(0); });
    container.querySelector("#gt-back").addEventListener("click", function () { viewer.go(viewer.step - 1); });
    container.querySelector("#gt-forward").addEventListener("click", function () { viewer.go(viewer.step + 1); });
    container.querySelector("#gt-end").addEventListener("click", function () { viewer.go(viewer.steps.length - 1); });
    container.querySelector("#gt-zoom-in").addEventListener("click", function () { viewer.zoom(1.25); });
    container.querySelector("#gt-zoom-out").addEventListener("click", function () { viewer.zoom(0.8); });
    container.querySelector("#gt-fit").addEventListener("click", function () { viewer.fit(); });
    document.addEventListener("keydown", function (event) {
      var tag = (event.target && event.target.tagName) || "";
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || !viewer.trace) return;
      var moves = { ArrowRight: 1, ArrowLeft: -1 };
      if (event.key in moves) { viewer.go(viewer.step + moves[event.key]); event.preventDefault(); }
      else if (event.key === "Home") { viewer.go(0); event.preventDefault(); }
      else if (event.key === "End") { viewer.go(viewer.steps.length - 1); event.preventDefault(); }
      else if (event.key === "+" || event.key === "=") viewer.zoom(1.25);
      else if (event.key === "-") viewer.zoom(0.8);
    });
    viewer.enablePanZoom();

    loadScript(scriptBase + "traces/index.js", function () {
      index = window.gtTraceIndex;
      index.forEach(function (position, number) { option(positionSelect, number, position.label); });
      positionSelect.value = "0";
      fillAlgorithms();
      algorithmSelect.value = "minimax";
      fillDepths();
      depthSelect.value = "2";
      showTrace();
    }, function () {
      viewer.info.textContent = "The traces could not be loaded (assets/traces/ is missing: build the site with `make docs`).";
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
