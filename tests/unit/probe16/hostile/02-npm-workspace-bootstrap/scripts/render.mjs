// Tiny mustache-style renderer supporting {{var}} and {{#var}}...{{/var}} sections.
// npm's own ${ENV} placeholders are left untouched so npm can expand them later.
const SECTION = /\{\{#(\w+)\}\}\n?([\s\S]*?)\{\{\/\1\}\}\n?/g;
const VARIABLE = /\{\{(\w+)\}\}/g;

export function render(template, vars) {
  const withSections = template.replace(SECTION, (_, key, body) => (vars[key] ? body : ''));
  return withSections.replace(VARIABLE, (_, key) => String(vars[key] ?? ''));
}
