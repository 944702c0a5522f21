/**
 * The embeddable widget (issue #32): `<script src="https://agentloom.example/api/public/widget.js"
 * data-publication="TOKEN"></script>` adds a chat bubble to the host page that opens the publication's chat page
 * (`/chat/<token>?embed=1`) in a frame. The chat runs in the frame, on this app's origin; the host page reaches
 * none of it, and the frame is allowed only on the origins the publication lists (proxy.ts: frame-ancestors).
 *
 * Plain ES5 with no eval, `new Function`, inline handlers or style attributes: it runs under a host page's strict
 * Content-Security-Policy that allows this script's origin (styles are set through the CSSOM, which CSP allows).
 */
export const WIDGET_SCRIPT = `(function () {
  'use strict'
  var script = document.currentScript
  if (!script || !script.src) return
  var token = script.getAttribute('data-publication') || ''
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) {
    if (window.console) window.console.error('Agentloom widget: data-publication is not a publication token.')
    return
  }
  var origin = new URL(script.src).origin
  var label = script.getAttribute('data-label') || 'Chat'
  function css(element, styles) {
    for (var name in styles) if (Object.prototype.hasOwnProperty.call(styles, name)) element.style[name] = styles[name]
  }
  var button = document.createElement('button')
  button.type = 'button'
  button.textContent = label
  button.setAttribute('aria-expanded', 'false')
  button.setAttribute('data-agentloom-widget', 'button')
  css(button, {
    position: 'fixed', right: '20px', bottom: '20px', zIndex: '2147483646', padding: '12px 18px', border: '0', borderRadius: '999px',
    background: '#18181b', color: '#fff', font: '600 14px system-ui, sans-serif', cursor: 'pointer', boxShadow: '0 4px 14px rgba(0,0,0,.25)'
  })
  var frame = null
  function toggle() {
    if (!frame) {
      frame = document.createElement('iframe')
      frame.src = origin + '/chat/' + encodeURIComponent(token) + '?embed=1'
      frame.title = label
      frame.setAttribute('data-agentloom-widget', 'frame')
      css(frame, {
        position: 'fixed', right: '20px', bottom: '76px', zIndex: '2147483647', width: '380px', maxWidth: 'calc(100vw - 40px)', height: '560px',
        maxHeight: 'calc(100vh - 100px)', border: '1px solid #e4e4e7', borderRadius: '12px', background: '#fff', boxShadow: '0 8px 30px rgba(0,0,0,.2)'
      })
      document.body.appendChild(frame)
    } else {
      frame.style.display = frame.style.display === 'none' ? 'block' : 'none'
    }
    button.setAttribute('aria-expanded', frame.style.display === 'none' ? 'false' : 'true')
  }
  button.addEventListener('click', toggle)
  function mount() { document.body.appendChild(button) }
  if (document.body) mount()
  else document.addEventListener('DOMContentLoaded', mount)
})()
`
