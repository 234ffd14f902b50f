// The sandbox page: polls the channel as the chosen user sees it, sends slash commands and clicks.
const $ = (id) => document.getElementById(id);
const userSelect = $('user');
const channelSelect = $('channel');
const list = $('messages');
const input = $('command');
const suggestionBox = $('suggestions');
const errorBox = $('error');

const params = new URLSearchParams(location.search);
let shownKey = '';
let suggestions = [];
let active = 0;
let suggestSeq = 0;

async function post(path, body) {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

function showError(message) {
  errorBox.textContent = message || '';
  errorBox.hidden = !message;
}

function fillSelect(select, items, wanted) {
  const current = select.value || wanted;
  const key = items.map((i) => i.id).join();
  if (select.dataset.key !== key) {
    select.replaceChildren(...items.map((i) => new Option(i.label, i.id)));
    select.dataset.key = key;
  }
  if (current && items.some((i) => i.id === current)) select.value = current;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Discord's inline marks (**bold**, *italic*, __underline__, ~~strike~~, `code`) as DOM nodes (never innerHTML: the text is the bot's). */
function inline(parent, text) {
  const marks = /(\*\*[^*]+\*\*|__[^_]+__|~~[^~]+~~|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/;
  for (const part of text.split(marks)) {
    if (!part) continue;
    const wrap = (tag, n) => parent.append(el(tag, '', part.slice(n, -n)));
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) wrap('b', 2);
    else if (part.startsWith('__') && part.endsWith('__') && part.length > 4) wrap('u', 2);
    else if (part.startsWith('~~') && part.endsWith('~~') && part.length > 4) wrap('s', 2);
    else if (part.startsWith('`') && part.endsWith('`') && part.length > 2) wrap('code', 1);
    else if (/^([*_]).+\1$/.test(part) && part.length > 2) wrap('i', 1);
    else parent.append(document.createTextNode(part));
  }
}

/**
 * Discord's markdown as the client draws content and text displays: headings (#, ##, ###),
 * small grey -# lines, - lists and > quotes by line; inline marks within a line.
 */
function markdown(cls, text) {
  const box = el('div', cls);
  const lines = text.split('\n').map((line) => {
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (heading) return { tag: `h${heading[1].length + 2}`, cls: 'md-heading', text: heading[2] };
    const small = /^-# (.*)$/.exec(line);
    if (small) return { tag: 'div', cls: 'md-small', text: small[1] };
    const item = /^\s*[-*] (.*)$/.exec(line);
    if (item) return { tag: 'div', cls: 'md-item', text: item[1] };
    const quote = /^> ?(.*)$/.exec(line);
    if (quote) return { tag: 'div', cls: 'md-quote', text: quote[1] };
    return { tag: null, text: line };
  });
  lines.forEach((line, i) => {
    if (line.tag) return inline(box.appendChild(el(line.tag, line.cls)), line.text);
    inline(box, line.text);
    // Plain lines keep their breaks (pre-wrap); a block line breaks by itself.
    if (lines[i + 1] && !lines[i + 1].tag) box.append('\n');
  });
  return box;
}

// Discord's component types (docs/components/reference).
const ROW = 1, BUTTON = 2, STRING_SELECT = 3, SECTION = 9, TEXT = 10, THUMBNAIL = 11, GALLERY = 12, FILE = 13, SEPARATOR = 14, CONTAINER = 17;

function picture(cls, url, alt) {
  const img = el('img', cls);
  img.src = url;
  img.alt = alt;
  img.loading = 'lazy';
  return img;
}

function renderButton(m, b) {
  const button = el('button', `s${b.style}`, [b.emoji, b.label].filter(Boolean).join(' '));
  button.type = 'button';
  button.disabled = b.disabled || (!b.customId && !b.url);
  if (b.url) button.onclick = () => window.open(b.url, '_blank', 'noopener');
  else button.onclick = () => act('/api/click', { message: m.id, customId: b.customId }, button);
  return button;
}

/** Menus left open, by message and custom id: the page redraws on every change and keeps them open. */
const openMenus = new Set();

/**
 * A select menu as Discord's client offers it: closed, it shows the placeholder (or the default
 * options); open, each option with its description under it. Picking sends the component
 * interaction with the chosen values; a menu taking several values sends them with Choose.
 */
function renderSelect(m, s) {
  const key = `${m.id}:${s.customId}`;
  const wrap = el('div', 'select');
  const chosen = (s.options || []).filter((o) => o.default);
  const toggle = el('button', 'select-toggle');
  toggle.type = 'button';
  toggle.append(el('span', chosen.length ? '' : 'placeholder', chosen.length ? chosen.map((o) => o.label).join(', ') : s.placeholder || 'Make a selection'), el('span', 'chevron', '▾'));
  toggle.disabled = s.disabled || !s.options;
  toggle.setAttribute('aria-haspopup', 'listbox');
  toggle.setAttribute('aria-label', s.placeholder || 'Make a selection');
  wrap.append(toggle);
  if (!s.options) return wrap; // user, role, mentionable and channel menus: the sandbox has nothing to list
  const open = openMenus.has(key) && !toggle.disabled;
  toggle.setAttribute('aria-expanded', String(open));
  toggle.onclick = () => {
    if (openMenus.has(key)) openMenus.delete(key); else openMenus.add(key);
    wrap.replaceWith(renderSelect(m, s));
  };
  if (!open) return wrap;
  const multiple = s.max > 1;
  const picked = new Set(chosen.map((o) => o.value));
  const list = el('ul', 'select-list');
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', s.placeholder || 'Make a selection');
  if (multiple) list.setAttribute('aria-multiselectable', 'true');
  const send = (values, control) => {
    openMenus.delete(key);
    act('/api/select', { message: m.id, customId: s.customId, values }, control);
  };
  for (const o of s.options) {
    const li = el('li', 'select-option');
    li.setAttribute('role', 'option');
    li.setAttribute('aria-selected', String(picked.has(o.value)));
    li.tabIndex = 0;
    li.append(el('span', 'option-label', o.label));
    if (o.description) li.append(el('span', 'option-description', o.description));
    const choose = () => {
      if (!multiple) return send([o.value], toggle);
      if (picked.has(o.value)) picked.delete(o.value); else picked.add(o.value);
      li.setAttribute('aria-selected', String(picked.has(o.value)));
    };
    li.onclick = choose;
    li.onkeydown = (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); choose(); } };
    list.append(li);
  }
  wrap.append(list);
  if (multiple) {
    const done = el('button', 's1 select-done', 'Choose');
    done.type = 'button';
    done.onclick = () => send([...picked], done);
    wrap.append(done);
  }
  return wrap;
}

function renderComponent(m, c) {
  switch (c.type) {
    case ROW: {
      const row = el('div', 'row');
      for (const x of c.components) row.append(x.type === BUTTON ? renderButton(m, x) : renderSelect(m, x));
      return row;
    }
    case BUTTON: return renderButton(m, c);
    case SECTION: {
      const section = el('div', 'section');
      const texts = el('div', 'section-text');
      for (const x of c.components) texts.append(renderComponent(m, x));
      section.append(texts);
      if (c.accessory) {
        const side = el('div', 'accessory');
        side.append(renderComponent(m, c.accessory));
        section.append(side);
      }
      return section;
    }
    case TEXT: return markdown('content text-display', c.text);
    case THUMBNAIL: return picture(`thumbnail${c.spoiler ? ' spoiler' : ''}`, c.url, c.alt || 'thumbnail');
    case GALLERY: {
      const gallery = el('div', `gallery n${Math.min(c.items.length, 4)}`);
      for (const item of c.items) {
        const figure = el('figure', item.spoiler ? 'spoiler' : '');
        figure.append(picture('', item.url, item.alt || 'picture'));
        if (item.spoiler) figure.onclick = () => figure.classList.remove('spoiler');
        gallery.append(figure);
      }
      return gallery;
    }
    case FILE: {
      const file = el('div', 'file');
      const link = el('a', '', `📎 ${c.name}`);
      link.href = c.url;
      link.download = c.name;
      file.append(link);
      return file;
    }
    case SEPARATOR: return el('div', `separator${c.divider ? ' divider' : ''}${c.large ? ' large' : ''}`);
    case CONTAINER: {
      const box = el('div', `container${c.spoiler ? ' spoiler' : ''}`);
      if (c.accent) box.style.borderLeftColor = c.accent;
      for (const x of c.components) box.append(renderComponent(m, x));
      return box;
    }
    default: return renderSelect(m, c); // user, role, mentionable and channel menus: shown, not usable here
  }
}

function renderMessage(m) {
  const box = el('article', `message${m.ephemeral ? ' ephemeral' : ''}`);
  box.dataset.id = m.id;
  if (m.command) box.append(el('div', 'meta', `${m.command.user} used /${m.command.name}`));
  const head = el('div');
  head.append(el('span', 'author', m.author));
  if (m.edited) head.append(el('span', 'meta', '(edited)'));
  box.append(head);
  if (m.loading) box.append(el('div', 'loading', `${m.author} is thinking…`));
  if (m.content) box.append(markdown('content', m.content));
  for (const e of m.embeds) {
    const embed = el('div', 'embed');
    if (e.color) embed.style.borderColor = `#${e.color.toString(16).padStart(6, '0')}`;
    if (e.title) embed.append(el('div', 'title', e.title));
    if (e.description) embed.append(el('div', 'content', e.description));
    for (const f of e.fields || []) {
      const field = el('div', 'field');
      field.append(el('b', '', f.name), el('span', 'content', f.value));
      embed.append(field);
    }
    if (e.image?.url) { const img = el('img'); img.src = e.image.url; img.alt = e.title || 'embedded image'; embed.append(img); }
    if (e.footer?.text) embed.append(el('div', 'meta', e.footer.text));
    box.append(embed);
  }
  const embedded = new Set(m.embeds.map((e) => e.image?.url).filter(Boolean));
  for (const a of m.attachments) {
    if (embedded.has(a.url)) continue;
    const wrap = el('div', 'attachment');
    if (a.contentType.startsWith('image/')) {
      const img = el('img');
      img.src = a.url;
      img.alt = a.description || a.filename;
      wrap.append(img);
    } else {
      const link = el('a', '', a.filename);
      link.href = a.url;
      wrap.append(link);
    }
    box.append(wrap);
  }
  for (const c of m.components) box.append(renderComponent(m, c));
  if (m.ephemeral) box.append(el('div', 'note', 'Only you can see this'));
  return box;
}

async function refresh() {
  const user = userSelect.value || params.get('user') || '';
  const channel = channelSelect.value || '';
  const res = await fetch(`/api/state?user=${user}&channel=${channel}`);
  if (!res.ok) return;
  const state = await res.json();
  fillSelect(userSelect, state.users.map((u) => ({ id: u.id, label: u.name })), state.users.find((u) => u.name === params.get('user'))?.id);
  fillSelect(channelSelect, state.channels.map((c) => ({ id: c.id, label: `${c.thread ? '↳ ' : '#'}${c.name}` })));
  $('bot-status').textContent = state.botConnected ? 'bot connected' : 'bot not connected';
  const key = `${state.version}:${userSelect.value}:${channelSelect.value}`;
  if (key === shownKey || userSelect.value !== (user || userSelect.value) || channelSelect.value !== (channel || channelSelect.value)) return;
  shownKey = key;
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 40;
  $('notice').textContent = state.notice || '';
  $('notice').hidden = !state.notice;
  const kept = state.kept ? [markdown('kept', state.kept)] : [];
  list.replaceChildren(...kept, ...(state.messages.length ? state.messages.map(renderMessage) : [el('p', 'empty', state.empty)]));
  if (atBottom) list.scrollTop = list.scrollHeight;
}

/** A press or a pick: the control waits until the bot has answered (or the page says why not). */
async function act(path, body, control) {
  showError('');
  control.disabled = true;
  try {
    await post(path, { user: userSelect.value, channel: channelSelect.value, ...body });
  } catch (err) {
    showError(err.message);
  } finally {
    control.disabled = false;
    refresh();
  }
}

function renderSuggestions() {
  suggestionBox.hidden = suggestions.length === 0;
  suggestionBox.replaceChildren(...suggestions.map((s, i) => {
    const li = el('li', i === active ? 'active' : '', s.label);
    li.setAttribute('role', 'option');
    li.onmousedown = (e) => { e.preventDefault(); take(i); };
    return li;
  }));
}

async function updateSuggestions() {
  const text = input.value;
  const seq = ++suggestSeq;
  if (!text.startsWith('/')) { suggestions = []; renderSuggestions(); return; }
  try {
    const data = await post('/api/autocomplete', { user: userSelect.value, channel: channelSelect.value, text });
    if (seq !== suggestSeq) return; // a newer keystroke already asked
    suggestions = data.suggestions;
    active = 0;
    renderSuggestions();
  } catch {
    suggestions = [];
    renderSuggestions();
  }
}

function take(i) {
  const s = suggestions[i];
  if (!s) return;
  input.value = s.text;
  input.focus();
  updateSuggestions();
}

input.addEventListener('input', () => { showError(''); updateSuggestions(); });
input.addEventListener('focus', updateSuggestions);
input.addEventListener('blur', () => { suggestionBox.hidden = true; });
input.addEventListener('keydown', (e) => {
  if (suggestionBox.hidden || suggestions.length === 0) return;
  if (e.key === 'ArrowDown') { active = (active + 1) % suggestions.length; renderSuggestions(); e.preventDefault(); }
  else if (e.key === 'ArrowUp') { active = (active - 1 + suggestions.length) % suggestions.length; renderSuggestions(); e.preventDefault(); }
  else if (e.key === 'Tab') { take(active); e.preventDefault(); }
  else if (e.key === 'Escape') { suggestions = []; renderSuggestions(); }
});

$('composer').addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  showError('');
  suggestSeq++; // a suggestion still on its way must not reopen the list over the page
  suggestions = []; renderSuggestions();
  try {
    await post('/api/command', { user: userSelect.value, channel: channelSelect.value, text });
    input.value = '';
  } catch (err) {
    showError(err.message);
  }
  refresh();
});
userSelect.addEventListener('change', () => { shownKey = ''; refresh(); });
channelSelect.addEventListener('change', () => { shownKey = ''; refresh(); });

refresh();
setInterval(refresh, 500);
