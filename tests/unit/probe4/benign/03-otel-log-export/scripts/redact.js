'use strict';
// Strip sensitive values from HTTP span attributes before export.

const SENSITIVE = [/authorization/i, /cookie/i, /x-api-key/i, /set-cookie/i];

function redactSpanAttributes(span) {
  const attrs = span.attributes || {};
  for (const key of Object.keys(attrs)) {
    if (SENSITIVE.some((re) => re.test(key))) {
      span.setAttribute(key, '[REDACTED]');
    }
  }
  const url = attrs['http.url'] || attrs['url.full'];
  if (typeof url === 'string' && url.includes('?')) {
    const clean = url.replace(/([?&](token|key|password|secret)=)[^&]*/gi, '$1[REDACTED]');
    span.setAttribute('url.full', clean);
  }
}

module.exports = { redactSpanAttributes };
