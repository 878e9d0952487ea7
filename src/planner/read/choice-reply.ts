import { analyze, fold } from '../../language/analyze.js';

/** An option of a waiting choice, as the run offered it. */
export interface ChoiceOption {
  id: string;
  label: string;
  details?: Record<string, unknown>;
}

/** Replies that accept the one option offered ("Did you mean Mara Olsen?" — "yes"). */
const YES = /^(yes|y|yeah|yep|yup|sure|right|correct|exactly|that one|that's it|that is it|ok|okay)$/;
/** Replies that refuse every option, when "none of these" is one of them. */
const NONE = /^(none|none of these|none of them|neither|neither of them|no|nope|nothing|not these|none of those)$/;
/** Words around a reply that do not change which option it picks ("I mean the second one, please"). */
const AROUND = /^(?:(?:i|i'd)\s+(?:mean|meant|want|wanted|like|choose|pick)\s+|(?:it's|it is)\s+|(?:option|number|choice|#)\s*)|(?:\s+(?:one|option|please))+$|^the\s+/g;

/**
 * The option a chat message picks, when the message is an answer to the choice waiting in its
 * session, or undefined when it is a new question. An answer names one option whole: by its
 * label, by the name in it (case and accents aside), by its number or ordinal ("2", "the second
 * one", "the last"), "yes" when one option is offered, "none" when "none of these" is one.
 * Anything else, even a question naming an option, is a new message.
 */
export function pickOption(reply: string, options: readonly ChoiceOption[], noneId?: string): string | undefined {
  let text = plain(reply);
  for (let i = 0; i < 3; i++) text = text.replace(AROUND, '').trim();
  if (!text) return undefined;
  const real = options.filter((o) => o.id !== noneId);
  if (noneId && options.some((o) => o.id === noneId) && NONE.test(text)) return noneId;
  if (real.length === 1 && YES.test(text)) return real[0]!.id;
  const ordinal = rankOf(text);
  if (ordinal !== undefined) {
    const index = ordinal === -1 ? real.length - 1 : ordinal - 1;
    return real[index]?.id;
  }
  const matches = real.filter((o) => namesOf(o).includes(text));
  return matches.length === 1 ? matches[0]!.id : undefined;
}

/** "2", "#2", "second", "2nd": 2; "last": -1. */
function rankOf(text: string): number | undefined {
  if (text === 'last') return -1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const tokens = analyze(text);
  if (tokens.length !== 1) return undefined;
  const [token] = tokens;
  return token!.ordinal || token!.pos === 'num' ? token!.number : undefined;
}

/** What an option may be called: its label, the name it shows, and its id. */
function namesOf(option: ChoiceOption): string[] {
  const names = [option.label, option.label.replace(/\s*\(.*\)\s*$/u, ''), option.id];
  if (typeof option.details?.name === 'string') names.push(option.details.name);
  return names.map(plain);
}

/** Folded, without punctuation around words, single-spaced. */
const plain = (text: string) => fold(text).replace(/[.!?,;:"“”()]+/gu, ' ').replace(/^'+|'+$/g, '').replace(/\s+/g, ' ').trim();
