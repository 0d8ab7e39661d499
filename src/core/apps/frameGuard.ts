/**
 * The frame guard: a script the proxy page puts first into an MCP App's document, so it runs before any app
 * code, that takes WebRTC out of the page. CSP cannot do it: Chromium ignores CSP's `webrtc` directive (it logs
 * "Unrecognized Content-Security-Policy directive"), and STUN and ICE traffic is not subject to connect-src, so
 * an app with no allowed origin at all could still send UDP anywhere (checked with Chromium 156).
 *
 * What it does, and why that is enough in the app's frame:
 * - Each RTC* constructor (RTCPeerConnection, webkitRTCPeerConnection, RTCDataChannel, RTCIceCandidate…) is
 *   replaced on the page's global by a function that throws NotAllowedError, as a non-writable, non-configurable
 *   property: `delete`, assignment and Object.defineProperty cannot bring the original back, and nothing else
 *   on the page refers to it.
 * - Other pages the app makes would have fresh globals. The app's frame is sandboxed without allow-same-origin,
 *   and the browser passes that flag on to every frame inside it, so each of them (about:blank, srcdoc) has an
 *   opaque origin of its own: the app cannot reach into them (SecurityError). What is left is a frame running its
 *   own scripts: srcdoc (data:, blob: and other origins are stopped by frame-src unless the app lists origins,
 *   and javascript: URLs cannot target another origin). So every srcdoc the page sets or parses is rewritten to
 *   start with this same guard, before the frame's document is made: after each DOM call that inserts nodes,
 *   sets HTML or attributes (hooked, on non-writable, non-configurable prototype properties, so the app cannot
 *   restore the originals), and from a MutationObserver on the document and on every shadow root.
 * - Declarative shadow roots (`shadowrootmode`) are renamed away in HTML the page hands to the parser: a closed
 *   one could hide a frame from the guard.
 * - Everything the guard calls later is taken at its start, before app code can change a built-in.
 * Frames of other origins (the app's frameDomains) are out of its reach: the app view says so.
 */

/** The guard as a function declaration: called with a window it guards it; with a string it returns that HTML guarded. */
const guardFunction = String.raw`function loupeFrameGuard(target) {
  'use strict';
  var apply = Reflect.apply;
  var defineProperty = Object.defineProperty;
  var getDescriptor = Object.getOwnPropertyDescriptor;
  var bare = Object.create;
  var indexOf = String.prototype.indexOf;
  var slice = String.prototype.slice;
  var replace = String.prototype.replace;
  var exec = RegExp.prototype.exec;
  var source = '(' + apply(Function.prototype.toString, loupeFrameGuard, []) + ')(window);';
  var marker = '<script data-loupe-frame-guard>';
  var doctype = new RegExp('^(\\s*(<' + '!--[\\s\\S]*?--' + '>\\s*)*<!doctype[^>]*>)?', 'i');
  var declarativeShadow = /shadowrootmode/gi;
  var noDeclarativeShadow = function (text) {
    return apply(replace, text, [declarativeShadow, 'data-loupe-shadowrootmode']);
  };
  // Guarded: the first thing after an optional doctype (and comments before it) is this guard.
  var isGuarded = function (text) {
    var head = apply(exec, doctype, [text])[0];
    return apply(indexOf, text, [marker, head.length]) === head.length;
  };
  var guardHtml = function (html) {
    var text = String(html);
    if (isGuarded(text)) return text;
    text = noDeclarativeShadow(text);
    var head = apply(exec, doctype, [text])[0];
    return head + marker + source + '<\/script>' + apply(slice, text, [head.length]);
  };
  if (typeof target === 'string') return guardHtml(target);
  var win = target;
  var names = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate',
    'RTCSessionDescription', 'RTCRtpSender', 'RTCRtpReceiver', 'RTCRtpTransceiver', 'RTCDtlsTransport',
    'RTCIceTransport', 'RTCSctpTransport', 'RTCCertificate', 'RTCDTMFSender', 'RTCStatsReport', 'RTCTrackEvent',
    'RTCPeerConnectionIceEvent', 'RTCPeerConnectionIceErrorEvent', 'RTCDataChannelEvent', 'RTCError',
    'RTCErrorEvent', 'RTCDTMFToneChangeEvent', 'RTCEncodedAudioFrame', 'RTCEncodedVideoFrame',
    'RTCRtpScriptTransform', 'RTCIceCandidatePair'];
  var Exception = win.DOMException;
  var blocked = function RTCPeerConnection() {
    throw new Exception('WebRTC is blocked in MCP Apps by Loupe.', 'NotAllowedError');
  };
  for (var n = 0; n < names.length; n++) {
    try { defineProperty(win, names[n], { value: blocked, writable: false, configurable: false, enumerable: false }); } catch (error) {}
  }

  var proto = function (type) { return type && type.prototype; };
  var method = function (type, name) { var found = getDescriptor(proto(type), name); return found && found.value; };
  var getter = function (type, name) { var found = getDescriptor(proto(type), name); return found && found.get; };
  var queries = bare(null);
  queries[1] = method(win.Element, 'querySelectorAll');
  queries[9] = method(win.Document, 'querySelectorAll');
  queries[11] = method(win.DocumentFragment, 'querySelectorAll');
  var getAttribute = method(win.Element, 'getAttribute');
  var setAttribute = method(win.Element, 'setAttribute');
  var tagName = getter(win.Element, 'tagName');
  var nodeType = getter(win.Node, 'nodeType');
  var childNodes = getter(win.Node, 'childNodes');
  var parentNode = getter(win.Node, 'parentNode');
  var ownerElement = getter(win.Attr, 'ownerElement');
  var listLength = getter(win.NodeList, 'length');
  var recordTarget = getter(win.MutationRecord, 'target');
  var recordAdded = getter(win.MutationRecord, 'addedNodes');
  var Observer = win.MutationObserver;
  var observe = method(Observer, 'observe');
  var typeOf = function (node) {
    if (!node || typeof node !== 'object') return 0;
    try { return apply(nodeType, node, []); } catch (error) { return 0; }
  };

  // One frame: its srcdoc (if any) starts with the guard; the rewrite makes it load the guarded one instead.
  var fix = function (element) {
    var tag = apply(tagName, element, []);
    if (tag !== 'IFRAME' && tag !== 'FRAME') return;
    var value = apply(getAttribute, element, ['srcdoc']);
    if (value !== null && !isGuarded(value)) apply(setAttribute, element, ['srcdoc', guardHtml(value)]);
  };
  // Every frame in and under a node (an element, a document, a fragment or a shadow root; an attribute's element).
  var scan = function (node) {
    var type = typeOf(node);
    if (type === 2) return scan(apply(ownerElement, node, []));
    var query = queries[type];
    if (!query) return;
    if (type === 1) fix(node);
    var found = apply(query, node, ['iframe[srcdoc], frame[srcdoc]']);
    var count = apply(listLength, found, []);
    for (var i = 0; i < count; i++) fix(found[i]);
  };
  var observer = new Observer(function (records) {
    for (var r = 0; r < records.length; r++) {
      scan(apply(recordTarget, records[r], []));
      var added = apply(recordAdded, records[r], []);
      var count = apply(listLength, added, []);
      for (var a = 0; a < count; a++) scan(added[a]);
    }
  });
  var watch = function (root) {
    apply(observe, observer, [root, { childList: true, subtree: true, attributes: true, attributeFilter: ['srcdoc'] }]);
  };
  watch(win.document);

  // The nodes a call is about to insert (with a fragment's children, which leave it), scanned once it has run.
  var moving = function (args) {
    var nodes = bare(null);
    var count = 0;
    for (var i = 0; i < args.length; i++) {
      var type = typeOf(args[i]);
      if (type === 0) continue;
      nodes[count++] = args[i];
      if (type !== 11) continue;
      var children = apply(childNodes, args[i], []);
      var length = apply(listLength, children, []);
      for (var c = 0; c < length; c++) nodes[count++] = children[c];
    }
    nodes.length = count;
    return nodes;
  };
  var seal = function (owner, name, descriptor) {
    descriptor.configurable = false;
    if ('value' in descriptor) descriptor.writable = false;
    defineProperty(owner, name, descriptor);
  };
  // A method that may insert nodes, set HTML (its strings lose declarative shadow roots) or set an attribute:
  // after it runs, what it inserted, its target and the target's parent are scanned.
  var hookMethod = function (owner, name, setsHtml) {
    var descriptor = owner && getDescriptor(owner, name);
    if (!descriptor || typeof descriptor.value !== 'function') return;
    var original = descriptor.value;
    descriptor.value = function () {
      var args = arguments;
      if (setsHtml) {
        var copy = bare(null);
        for (var i = 0; i < args.length; i++) copy[i] = typeof args[i] === 'string' ? noDeclarativeShadow(args[i]) : args[i];
        copy.length = args.length;
        args = copy;
      }
      var nodes = moving(args);
      var parent = typeOf(this) === 0 ? null : apply(parentNode, this, []);
      var result = apply(original, this, args);
      scan(this);
      scan(parent);
      for (var n = 0; n < nodes.length; n++) scan(nodes[n]);
      if (name === 'attachShadow') watch(result);
      if (name === 'parseHTMLUnsafe') scan(result);
      return result;
    };
    seal(owner, name, descriptor);
  };
  var hookSetter = function (owner, name) {
    var descriptor = owner && getDescriptor(owner, name);
    if (!descriptor || typeof descriptor.set !== 'function') return;
    var original = descriptor.set;
    descriptor.set = function (value) {
      var parent = typeOf(this) === 0 ? null : apply(parentNode, this, []);
      apply(original, this, [value]);
      scan(this);
      scan(parent);
    };
    seal(owner, name, descriptor);
  };
  var each = function (list, action) { for (var i = 0; i < list.length; i++) action(list[i]); };
  var childMethods = ['append', 'prepend', 'before', 'after', 'replaceWith', 'replaceChildren', 'moveBefore'];
  each(['appendChild', 'insertBefore', 'replaceChild', 'moveBefore'], function (name) { hookMethod(proto(win.Node), name); });
  each(childMethods.concat(['insertAdjacentElement', 'setAttribute', 'setAttributeNS', 'setAttributeNode',
    'setAttributeNodeNS', 'toggleAttribute', 'attachShadow']), function (name) { hookMethod(proto(win.Element), name); });
  each(['insertAdjacentHTML', 'setHTMLUnsafe'], function (name) { hookMethod(proto(win.Element), name, true); });
  each([win.DocumentFragment, win.CharacterData, win.Document, win.DocumentType], function (type) {
    each(childMethods, function (name) { hookMethod(proto(type), name); });
  });
  each(['write', 'writeln', 'execCommand'], function (name) { hookMethod(proto(win.Document), name, true); });
  hookMethod(win.Document, 'parseHTMLUnsafe', true);
  hookMethod(proto(win.ShadowRoot), 'setHTMLUnsafe', true);
  each(['setNamedItem', 'setNamedItemNS'], function (name) { hookMethod(proto(win.NamedNodeMap), name); });
  each(['insertNode', 'surroundContents'], function (name) { hookMethod(proto(win.Range), name); });
  each(['innerHTML', 'outerHTML'], function (name) { hookSetter(proto(win.Element), name); });
  hookSetter(proto(win.ShadowRoot), 'innerHTML');
  hookSetter(proto(win.Document), 'body');
  hookSetter(proto(win.Attr), 'value');
  hookSetter(proto(win.Node), 'nodeValue');
  hookSetter(proto(win.Node), 'textContent');
  hookSetter(proto(win.HTMLIFrameElement), 'srcdoc');
  hookSetter(proto(win.HTMLFrameElement), 'srcdoc');
}`;

/** The guard's source, for the proxy page to embed (it holds no `</script`: it can sit inside a script element). */
export const frameGuardSource = guardFunction;
