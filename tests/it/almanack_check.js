// The almanack's pages checked as Chromium renders them (tests/it/almanack.rs puts this script
// into copies of a few pages; the pages themselves have none). It writes what it found, as
// JSON, into a <pre id="accc-check"> that Chromium's --dump-dom prints.
(function () {
  function rgba(text) {
    var m = /rgba?\(([^)]*)\)/.exec(text || "");
    if (!m) return null;
    var p = m[1].split(/[ ,\/]+/).filter(function (s) { return s.length; }).map(parseFloat);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  }
  function hex(text) {
    var m = /^#([0-9a-f]{6})$/i.exec((text || "").trim());
    if (!m) return null;
    var n = parseInt(m[1], 16);
    return { r: n >> 16, g: (n >> 8) & 255, b: n & 255, a: 1 };
  }
  function luminance(c) {
    function lin(v) {
      v = v / 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  }
  function contrast(a, b) {
    var x = luminance(a), y = luminance(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  }
  // The background an element is drawn on: the first one not see-through, up its ancestors.
  function background(el) {
    for (var e = el; e && e.nodeType === 1; e = e.parentElement) {
      var c = rgba(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0.5) return c;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  }
  function shown(el) {
    var s = getComputedStyle(el);
    return s.display !== "none" && s.visibility !== "hidden";
  }
  var out = {
    width: window.innerWidth,
    client_width: document.documentElement.clientWidth,
    scroll_width: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    texts: 0,
    svg_texts: 0,
    colours: 0,
    small: [],
    faint: [],
    weak_colours: [],
    cut: [],
  };
  var all = document.body.getElementsByTagName("*");
  for (var i = 0; i < all.length; i++) {
    var el = all[i];
    var own = "";
    for (var n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) own += n.nodeValue;
    }
    own = own.trim();
    if (!own || el.id === "accc-check" || el.tagName === "SCRIPT" || !shown(el)) continue;
    var s = getComputedStyle(el);
    var size = parseFloat(s.fontSize);
    var svg = el instanceof SVGElement;
    var colour, ground;
    if (svg) {
      out.svg_texts++;
      var m = el.getScreenCTM();
      size = size * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      colour = rgba(s.fill);
      ground = background(el.ownerSVGElement || el);
    } else {
      out.texts++;
      colour = rgba(s.color);
      ground = background(el);
    }
    if (size < 12) out.small.push({ text: own.slice(0, 40), px: size });
    var bold = parseInt(s.fontWeight, 10) >= 700;
    var large = size >= 24 || (bold && size >= 18.66);
    var c = colour ? contrast(colour, ground) : 0;
    if (c < (large ? 3 : 4.5)) out.faint.push({ text: own.slice(0, 40), contrast: c });
  }
  // The counties' colours: in the pictures' lines and bars, and the key's swatches.
  var figures = document.querySelectorAll("figure[data-colours]");
  for (var f = 0; f < figures.length; f++) {
    var ground = background(figures[f].querySelector("svg") || figures[f]);
    var pairs = figures[f].getAttribute("data-colours").split(";");
    for (var p = 0; p < pairs.length; p++) {
      var colour = hex(pairs[p].split(":")[1]);
      out.colours++;
      var c = colour ? contrast(colour, ground) : 0;
      if (c < 3) out.weak_colours.push({ county: pairs[p], contrast: c });
    }
    var marks = figures[f].querySelectorAll("polyline, rect, circle");
    for (var k = 0; k < marks.length; k++) {
      var ms = getComputedStyle(marks[k]);
      var painted = marks[k].tagName === "polyline" ? ms.stroke : ms.fill;
      var pc = rgba(painted);
      if (!pc || pc.a === 0) continue;
      var known = pairs.some(function (pair) {
        var h = hex(pair.split(":")[1]);
        return h && h.r === pc.r && h.g === pc.g && h.b === pc.b;
      });
      if (known && contrast(pc, ground) < 3) {
        out.weak_colours.push({ mark: marks[k].tagName, contrast: contrast(pc, ground) });
      }
    }
  }
  var swatches = document.querySelectorAll(".swatch");
  for (var w = 0; w < swatches.length; w++) {
    out.colours++;
    var sc = rgba(getComputedStyle(swatches[w]).backgroundColor);
    var c = sc ? contrast(sc, background(swatches[w].parentElement)) : 0;
    if (c < 3) out.weak_colours.push({ swatch: w, contrast: c });
  }
  // What must fit the page's width: the scorecards, the results and every picture. A box that
  // scrolls sideways keeps the page itself from running off the screen, so the page's own
  // width does not show such an element cut at its edge: its own place does.
  var edge = document.documentElement.clientWidth;
  var fit = document.querySelectorAll("table.card, table.falls, table.results, figure svg");
  out.fitted = fit.length;
  for (var q = 0; q < fit.length; q++) {
    var box = fit[q].getBoundingClientRect();
    if (box.left < -0.5 || box.right > edge + 0.5) {
      var figure = fit[q].closest("figure");
      var caption = fit[q].querySelector("caption");
      out.cut.push({
        what: figure
          ? "picture " + figure.getAttribute("data-picture")
          : "table." + fit[q].getAttribute("class") + (caption ? " " + caption.textContent.slice(0, 40) : ""),
        right: box.right,
      });
    }
  }
  // In a frame of a phone's width, the page it is in writes the answer down.
  if (window.parent !== window) {
    window.parent.postMessage(JSON.stringify(out), "*");
  } else {
    var pre = document.createElement("pre");
    pre.id = "accc-check";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  }
})();
