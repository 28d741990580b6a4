/* Step through a search (docs/step.md): the traces of reference.trace, node by node.
 *
 * The traces are plain scripts written at build time (tools/docs_traces.py):
 * assets/traces/index.js sets window.gtTraceIndex (the positions and their runs), and
 * assets/traces/pN.js calls window.gtTraceLoaded(N, {"board": svg, "traces": {"alphabeta 2":
 * trace, ...}}).
 * Nothing is fetched from outside; no library.
 *
 * A search becomes a list of steps: entering a node, and leaving it with its value
 * (the moves a cut-off left unsearched appear then), and a last step with the
 * principal variation.  The tree is laid out once per trace to the width of the
 * viewer, as `trace --svg` draws it (reference/trace/drawing.py): leaves and cut-off
 * markers get slots left to right, a parent above the middle of its children; a
 * subtree too wide for its room is folded, its root at the left and its children's
 * subtrees in rows under it.  Each step only changes classes and texts.
 */
(function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";
  var INFINITE = 10000000;
  var SLOT = 46, LEVEL = 78, BOX_W = 38, BOX_H = 20, MARGIN = 16;
  var TOP = 26, BELOW = 34, INDENT = 26, ROW_GAP = 12;
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

  function points(list) {
    return list.map(function (p) { return p[0] + "," + p[1]; }).join(" ");
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
    // the principal variation, as reference.trace reads it: from the root of the pass that
    // found the value (MTD(f): the last pass whose value reached its beta), along the moves
    // of trace.pv (a move searched twice by PVS: its last search)
    var roots = trace.tree;
    var node = roots[roots.length - 1];
    if (roots.length > 1) {
      for (var r = roots.length - 1; r >= 0; r--) {
        if (roots[r].window && roots[r].value >= roots[r].window[1]) { node = roots[r]; break; }
      }
    }
    var found = [node];
    for (var i = 0; i < trace.pv.length && node; i++) {
      var next = null;
      for (var j = 0; j < node.children.length; j++) {
        if (node.children[j].move === trace.pv[i]) next = node.children[j];
      }
      node = next;
      if (node) found.push(node);
    }
    return found;
  }

  /* ---------------------------------------------------------------- layout */
  // A block is a subtree laid out with its top left corner at (0, 0): where each node's
  // box is centred, the points of each edge (parent to child), of each cut-off line.
  function hasCut(node) { return node.unsearched && node.unsearched.length > 0; }

  function slots(node) {
    if (node.slots === undefined) {
      var below = hasCut(node) ? 1 : 0;
      node.children.forEach(function (child) { below += slots(child); });
      node.slots = Math.max(below, 1);
    }
    return node.slots;
  }

  function under(x, y) { return [x, y + BOX_H / 2 + 11]; }

  function moved(block, dx, dy) {
    function shift(p) { return [p[0] + dx, p[1] + dy]; }
    return {
      w: block.w, h: block.h, folded: block.folded,
      at: block.at.map(function (e) { return [e[0], e[1] + dx, e[2] + dy]; }),
      edges: block.edges.map(function (e) { return [e[0], e[1].map(shift)]; }),
      cuts: block.cuts.map(function (e) { return [e[0], e[1].map(shift)]; })
    };
  }

  function take(block, other) {
    block.at = block.at.concat(other.at);
    block.edges = block.edges.concat(other.edges);
    block.cuts = block.cuts.concat(other.cuts);
    block.folded += other.folded;
  }

  function layoutBlock(node, width) {
    if (slots(node) * SLOT <= width || !node.children.length) return unfolded(node);
    return folded(node, width);
  }

  function unfolded(node) {
    var block = { w: slots(node) * SLOT, h: 0, at: [], edges: [], cuts: [], folded: 0 };
    var next = 0, deepest = 0, where = new Map();
    function place(here, level) {
      deepest = Math.max(deepest, level);
      var y = TOP + level * LEVEL;
      var xs = here.children.map(function (child) { return place(child, level + 1); });
      if (hasCut(here)) {
        var cutX = SLOT / 2 + next++ * SLOT;
        block.cuts.push([here, [[cutX, y + LEVEL]]]);
        xs.push(cutX);
        deepest = Math.max(deepest, level + 1);
      }
      if (!xs.length) xs = [SLOT / 2 + next++ * SLOT];
      var x = (xs[0] + xs[xs.length - 1]) / 2;
      where.set(here, [x, y]);
      block.at.push([here, x, y]);
      return x;
    }
    place(node, 0);
    block.cuts.forEach(function (cut) {
      var p = where.get(cut[0]);
      cut[1].unshift(under(p[0], p[1]));
    });
    block.at.forEach(function (entry) {
      var parent = entry[0];
      parent.children.forEach(function (child) {
        var c = where.get(child);
        block.edges.push([child, [under(entry[1], entry[2]), [c[0], c[1] - BOX_H / 2 - 11]]]);
      });
    });
    block.h = TOP + deepest * LEVEL + BELOW;
    return block;
  }

  function folded(node, width) {
    var room = Math.max(width - INDENT, SLOT);
    var parts = node.children.map(function (child) { return [child, layoutBlock(child, room)]; });
    if (hasCut(node)) parts.push([null, { w: SLOT, h: TOP + BELOW, at: [], edges: [], cuts: [], folded: 0 }]);
    var x0 = SLOT / 2;
    var block = { w: x0 + BOX_W / 2, h: TOP + BOX_H / 2 + 14, at: [[node, x0, TOP]], edges: [], cuts: [], folded: 1 };
    var rows = [[]], used = 0;
    parts.forEach(function (part) {
      if (rows[rows.length - 1].length && used + part[1].w > room) { rows.push([]); used = 0; }
      rows[rows.length - 1].push(part);
      used += part[1].w;
    });
    var top = block.h + ROW_GAP;
    rows.forEach(function (row) {
      var x = INDENT, rule = top - 8, tallest = 0;
      row.forEach(function (part) {
        var placed = moved(part[1], x, top);
        take(block, placed);
        var bus = [under(x0, TOP), [x0, rule]];
        if (part[0]) {
          var c = placed.at[placed.at.length - 1];  // a block lists its root last
          block.edges.push([part[0], bus.concat([[c[1], rule], [c[1], c[2] - BOX_H / 2 - 11]])]);
        } else {
          block.cuts.push([node, bus.concat([[x + SLOT / 2, rule], [x + SLOT / 2, top + TOP]])]);
        }
        x += part[1].w;
        tallest = Math.max(tallest, part[1].h);
      });
      block.w = Math.max(block.w, x);
      top += tallest + ROW_GAP;
    });
    block.h = top - ROW_GAP;
    block.at.push(block.at.shift());  // the root last, as in an unfolded block
    return block;
  }

  function layout(trace, width) {
    // each pass of the search (one; MTD(f): one per null-window pass) under the one before
    var top = 0, widest = 0, folds = 0;
    trace.tree.forEach(function (root) {
      var block = moved(layoutBlock(root, width - 2 * MARGIN), MARGIN, top + MARGIN);
      block.at.forEach(function (e) { e[0].x = e[1]; e[0].y = e[2]; });
      block.edges.forEach(function (e) { e[0].edgePoints = e[1]; });
      block.cuts.forEach(function (e) { e[0].cutPoints = e[1]; });
      if (trace.tree.length > 1) root.passTop = top + MARGIN;
      top += block.h + MARGIN;
      widest = Math.max(widest, block.w + 2 * MARGIN);
      folds += block.folded;
    });
    return { width: widest, height: top + MARGIN, folded: folds };
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
    this.size = layout(trace, this.layoutWidth());
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
        node.edge = el("polyline", { points: points(node.edgePoints), "class": "gt-edge" }, edges);
        node.moveLabel = el("text", { x: node.x, y: node.y - BOX_H / 2 - 3, "class": "gt-move" }, boxes);
        node.moveLabel.textContent = node.move || "";
      }
      if (hasCut(node)) {
        node.cut = el("g", { "class": "gt-cut" }, edges);
        var end = node.cutPoints[node.cutPoints.length - 1];
        var dashed = node.cutPoints.slice(0, -1).concat([[end[0], end[1] - 10]]);
        el("polyline", { points: points(dashed), "class": "gt-cut-edge" }, node.cut);
        var mark = el("text", { x: end[0], y: end[1], "class": "gt-cut-mark" }, node.cut);
        mark.textContent = "×";
        var names = el("text", { x: end[0], y: end[1] + 13, "class": "gt-cut-text" }, node.cut);
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
      group.addEventListener("click", function () { if (!self.dragged) self.go(node.enteredAt); });
    });
    this.trace.tree.forEach(function (root, k) {
      if (self.trace.tree.length < 2) return;
      var label = el("text", { x: root.x + BOX_W / 2 + 26, y: root.y + 4, "class": "gt-pass" }, boxes);
      label.textContent = "pass " + (k + 1) + ": window [" + show(root.window[0]) + ", " +
        show(root.window[1]) + "] → " + show(root.value);
    });
  };

  Viewer.prototype.layoutWidth = function () {
    var width = this.svg.getBoundingClientRect().width;
    return Math.max(width || 800, 8 * SLOT);
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
    this.showBoard(current || (done ? this.pv[this.pv.length - 1] : this.nodes[0]));
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
      if (t.tree.length > 1) lines.push("MTD(f) ran " + t.tree.length + " null-window passes, one under the other; the principal variation is read from the last pass that reached its beta.");
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

  /* ---------------------------------------------------------------- the board */
  // The position at the current node.  An (m,n,k) board is drawn here from the root's
  // notation and the moves on the path ("xo./.../... x": rows from the top, then the side
  // to move); the other games show the root position as the package draws it, built with
  // the site, and the line of moves to the node.
  function mnkCells(notation) {
    var parts = notation.split(" ");
    var rows = parts[0].split("/");
    return { rows: rows.map(function (row) { return row.split(""); }), side: parts[1] || "x" };
  }

  function mnkBoard(notation, moves) {
    var board = mnkCells(notation);
    var n = board.rows.length, m = board.rows[0].length, cell = 30, pad = 18;
    var svg = el("svg", {
      width: 2 * pad + m * cell, height: 2 * pad + n * cell,
      viewBox: "0 0 " + (2 * pad + m * cell) + " " + (2 * pad + n * cell),
      "class": "gt-board-mnk", role: "img"
    });
    var side = board.side;
    var placed = {};
    moves.forEach(function (move, k) {
      var column = move.charCodeAt(0) - 97, row = n - Number(move.slice(1));
      board.rows[row][column] = side;
      placed[row + ":" + column] = k + 1;
      side = side === "x" ? "o" : "x";
    });
    for (var r = 0; r < n; r++) {
      var label = el("text", { x: pad / 2, y: pad + r * cell + cell / 2 + 4, "class": "gt-board-label" }, svg);
      label.textContent = String(n - r);
      for (var c = 0; c < m; c++) {
        el("rect", { x: pad + c * cell, y: pad + r * cell, width: cell, height: cell, "class": "gt-board-cell" }, svg);
        var stone = board.rows[r][c];
        if (stone === "x" || stone === "o") {
          var cx = pad + c * cell + cell / 2, cy = pad + r * cell + cell / 2;
          el("circle", { cx: cx, cy: cy, r: cell * 0.36, "class": "gt-stone-" + stone }, svg);
          if (placed[r + ":" + c]) {
            var number = el("text", { x: cx, y: cy + 4, "class": "gt-board-number gt-on-" + stone }, svg);
            number.textContent = placed[r + ":" + c];
          }
        }
      }
    }
    for (var k = 0; k < m; k++) {
      var letter = el("text", { x: pad + k * cell + cell / 2, y: 2 * pad + n * cell - 4, "class": "gt-board-label" }, svg);
      letter.textContent = String.fromCharCode(97 + k);
    }
    return svg;
  }

  Viewer.prototype.showBoard = function (node) {
    var panel = this.c.querySelector("#gt-board");
    if (!panel || !node) return;
    var line = [];
    for (var up = node; up && up.parent; up = up.parent) line.unshift(up.move);
    var caption = document.createElement("p");
    caption.className = "gt-board-caption";
    panel.innerHTML = "";
    if (this.game === "mnk") {
      panel.appendChild(mnkBoard(this.trace.position, line));
      caption.textContent = line.length ? "Node " + node.order + ": after " + line.join(" ") + " (numbered in the order played)." : "The root: the position searched.";
    } else {
      panel.innerHTML = this.board || "";
      caption.textContent = "The position searched" + (line.length ? "; node " + node.order + " is after " + line.join(" ") + "." : ".");
    }
    panel.appendChild(caption);
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
    // full size, the root in view: the layout fits the viewer's width, so only a tall
    // tree needs panning (the view follows the step)
    this.view = { k: 1, x: 0, y: 0 };
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
      dragging = { x: event.clientX, y: event.clientY, vx: self.view.x, vy: self.view.y, id: event.pointerId };
      self.dragged = false;
    });
    this.svg.addEventListener("pointermove", function (event) {
      if (!dragging) return;
      var dx = event.clientX - dragging.x, dy = event.clientY - dragging.y;
      if (!self.dragged && Math.abs(dx) + Math.abs(dy) < 4) return;  // a click, not a drag
      if (!self.dragged) { self.dragged = true; self.svg.setPointerCapture(dragging.id); }
      self.view.x = dragging.vx + dx;
      self.view.y = dragging.vy + dy;
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
        var trace = JSON.parse(JSON.stringify(loaded[number].traces[key])); // a fresh copy to annotate
        viewer.game = index[number].game;
        viewer.board = loaded[number].board;
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
    var resizing = null;
    window.addEventListener("resize", function () {
      // a new width: lay the tree out again to fit it, at the same step
      clearTimeout(resizing);
      resizing = setTimeout(function () {
        if (!viewer.trace) return;
        var step = viewer.step;
        viewer.size = layout(viewer.trace, viewer.layoutWidth());
        viewer.draw();
        viewer.home();
        viewer.go(step);
      }, 200);
    });

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
