/**
 * A seat's choice as a few taps with short labels that its picture marks: the contract between
 * a game and the platform's play surface (src/discord/choices.ts draws it in Discord).
 *
 * A choice is a tree. Each level asks one question and offers options; an option either plays
 * an action (a leaf) or opens the next level (built only when it is opened). A level that is
 * about places (a piece, a square, a fence slot) comes with a picture that draws every option's
 * label, as that exact text, where the option is: the player reads "K7" on the board and
 * presses **K7**. A level of verbs (Roll, Move a fence) has no picture of its own: its labels are
 * the words on the buttons, and the picture already in front of the player stays.
 *
 * The platform shows a level as buttons, five to a row, up to MAX_BUTTONS options, and as
 * select menus beyond; each option's `says` is listed in the level's text (what it does, its
 * consequences). The first level of a prompt sits on the turn post; the next ones are shown to
 * the presser alone. Everything here is pure: no Discord, no canvas.
 *
 * `P` is what a picture is (src/platform/game.ts's Picture, which names this file's Choice in a
 * Prompt: the type is a parameter so that neither file imports the other).
 */
export type ChoiceStyle = 'primary' | 'secondary' | 'success' | 'danger';

interface OptionBase {
  /**
   * Unique in its level. With a level picture: short (at most LABEL_MAX characters) and drawn on
   * it as this exact text where the option is ("2", "K7", "NE"). Otherwise the button's words
   * (at most 80 characters). An option that opens a level keeps to LABEL_MAX either way: the
   * labels pressed so far travel in the button's custom id.
   */
  label: string;
  /** What it does, in words: "piece 2 east 4+3 to K7, takes Bo's 1". Listed with the level. */
  says: string;
  style?: ChoiceStyle;
}

/** A leaf: pressing it plays `action` (checked again by the game, like any move). */
export type ChoiceLeaf<A> = OptionBase & { action: A };
/** An inner option: pressing it shows the next level, built then. */
export type ChoiceBranch<A, P> = OptionBase & { then: () => Choice<A, P> };
export type ChoiceOption<A, P> = ChoiceLeaf<A> | ChoiceBranch<A, P>;

export interface Choice<A, P> {
  /** What this level asks: "where does a piece go?" (read after the seat's mention on a turn post). */
  question: string;
  /** The picture that marks each option's label where it is; omitted for a level of verbs. */
  picture?: P;
  options: ChoiceOption<A, P>[];
}

/** A label's most characters: it must fit on a square of a phone-sized board and on a small button. */
export const LABEL_MAX = 24;
/**
 * Up to this many options a level is buttons (six rows of five), where the message has room
 * for them (a Components V2 message holds 40 components, a row of five counts six); more go
 * in select menus.
 */
export const MAX_BUTTONS = 30;

export const isLeaf = <A, P>(o: ChoiceOption<A, P>): o is ChoiceLeaf<A> => 'action' in o;

/** What a path of labels leads to from `root`: a level, a leaf's action, or null when no option has that label (the game moved on). */
export function follow<A, P>(root: Choice<A, P>, path: readonly string[]): { level: Choice<A, P> } | { action: A; option: ChoiceLeaf<A> } | null {
  let level = root;
  for (let k = 0; k < path.length; k++) {
    const option = level.options.find((o) => o.label === path[k]);
    if (!option) return null;
    if (isLeaf(option)) return k === path.length - 1 ? { action: option.action, option } : null;
    level = option.then();
  }
  return { level };
}

/** A flat choice of verbs from a game's prompt buttons (games that offer no tree). */
export function choiceOfButtons<A, P>(question: string, buttons: readonly { label: string; action: A; style?: ChoiceStyle }[]): Choice<A, P> {
  return { question, options: buttons.map((b) => ({ label: b.label, says: '', action: b.action, ...(b.style ? { style: b.style } : {}) })) };
}

/**
 * One way of reaching an action in taps: the labels pressed in order, each with its words. An
 * action may have several spellings (two pieces moved, either first).
 */
export interface Spelling<A> {
  action: A;
  steps: readonly { label: string; says: string }[];
}

export interface TreeOf<A, P> {
  spellings: readonly Spelling<A>[];
  /**
   * The question and picture of the level reached by pressing `path` (the labels so far), whose
   * options are `labels` (the picture marks each). Asked only for levels the spellings make.
   */
  level(path: readonly string[], labels: readonly string[]): { question: string; picture?: P };
  /** The same action, the same key (a game's encoding). */
  key(action: A): string;
  /** The action in words, for the rare level where labels alone cannot tell two actions apart. */
  words(action: A): string;
  /**
   * Where a label both plays an action and leads on to others (a piece may stop on a square or
   * go on with the other die), the option of the next level that plays the action: its label
   * (one the next level's picture marks) and words. Omitted: the action in words.
   */
  stop?(action: A, path: readonly string[]): { label: string; says: string };
}

/**
 * Builds the tree from the spellings: at each level the options are the distinct labels at that
 * depth, in the order first met; a label whose spellings all reach one action plays it, one
 * whose spellings go on opens the next level. A label where one action ends and others go on
 * opens a level that also offers the ending one (TreeOf.stop). Where labels alone cannot tell
 * actions apart (two actions spelt alike), the next level names them in words, without a
 * picture.
 */
export function choiceTree<A, P>(tree: TreeOf<A, P>): Choice<A, P> {
  return levelOf(tree, [], tree.spellings);
}

function levelOf<A, P>(tree: TreeOf<A, P>, path: readonly string[], spellings: readonly Spelling<A>[]): Choice<A, P> {
  const depth = path.length;
  const groups = new Map<string, Spelling<A>[]>();
  for (const s of spellings) {
    const step = s.steps[depth];
    if (!step) continue;
    const g = groups.get(step.label);
    if (g) g.push(s);
    else groups.set(step.label, [s]);
  }
  const options = [...groups].map(([label, group]): ChoiceOption<A, P> => {
    const says = [...new Set(group.map((s) => s.steps[depth]!.says))].join('; or ');
    const actions = new Map(group.map((s) => [tree.key(s.action), s.action]));
    if (actions.size === 1) return { label, says, action: group[0]!.action };
    const next = [...path, label];
    const goingOn = group.filter((s) => s.steps.length > depth + 1);
    if (goingOn.length === group.length) return { label, says, then: () => levelOf(tree, next, group) };
    if (goingOn.length === 0) return { label, says, then: () => inWords(tree, next, [...actions.values()]) };
    // Some end here, others go on: those that end get one more step, the option that plays them.
    const ending = new Map(group.filter((s) => s.steps.length === depth + 1).map((s) => [tree.key(s.action), s]));
    const stopped = [...ending.values()].map((s): Spelling<A> => {
      const stop = tree.stop?.(s.action, next) ?? { label: tree.words(s.action).slice(0, 80), says: '' };
      return { action: s.action, steps: [...s.steps, stop] };
    });
    return { label, says, then: () => levelOf(tree, next, [...goingOn, ...stopped]) };
  });
  return { ...tree.level(path, options.map((o) => o.label)), options };
}

/** Actions that labels do not tell apart, each named in words. */
function inWords<A, P>(tree: TreeOf<A, P>, path: readonly string[], actions: readonly A[]): Choice<A, P> {
  const { question } = tree.level(path, []);
  const used = new Set<string>();
  const options = actions.map((action): ChoiceOption<A, P> => {
    const says = tree.words(action);
    let label = says.slice(0, 80);
    for (let n = 2; used.has(label); n++) label = `${says.slice(0, 74)} (${n})`;
    used.add(label);
    return { label, says, action };
  });
  return { question, options };
}
