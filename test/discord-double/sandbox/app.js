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

/** Discord's **bold** and `code`, built as DOM nodes (never innerHTML: the text is the bot's). */
function markdown(cls, text) {
  const box = el('div', cls);
  for (const part of text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
    if (!part) continue;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) box.append(el('b', '', part.slice(2, -2)));
    else if (part.startsWith('`') && part.endsWith('`') && part.length > 2) box.append(el('code', '', part.slice(1, -1)));
    else box.append(document.createTextNode(part));
  }
  return box;
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
  for (const row of m.rows) {
    const r = el('div', 'row');
    for (const b of row) {
      if (b.type !== 2) continue;
      const button = el('button', `s${b.style}`, b.label);
      button.type = 'button';
      button.disabled = b.disabled || (!b.customId && !b.url);
      if (b.url) button.onclick = () => window.open(b.url, '_blank', 'noopener');
      else button.onclick = () => click(m.id, b.customId, button);
      r.append(button);
    }
    box.append(r);
  }
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

async function click(messageId, customId, button) {
  showError('');
  button.disabled = true;
  try {
    await post('/api/click', { user: userSelect.value, channel: channelSelect.value, message: messageId, customId });
  } catch (err) {
    showError(err.message);
  } finally {
    button.disabled = false;
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
