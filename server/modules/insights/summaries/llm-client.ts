// The one client for any OpenAI-compatible /chat/completions endpoint (OpenAI, Ollama, llama.cpp, vLLM):
// the outbound guard, a hard timeout, the token parameter the server understands, and JSON pulled out of the
// answer. Every problem is thrown; the callers fall back to the extractive summariser.
import { z } from 'zod';
import { outboundDestinations } from '../../../platform/outbound/destinations';
import { type OutboundResponse, outboundFetch } from '../../../platform/outbound/outbound-fetch';

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /** Newer OpenAI models refuse `max_tokens`; some other servers know only it. */
  tokenParam: 'max_tokens' | 'max_completion_tokens';
  /** OUTBOUND_ALLOW_HOSTS: a model served on this machine or the intranet must be listed there. */
  outboundAllowHosts: readonly string[];
}

/** An answer longer than this is no chat completion the server asked for. */
const MAX_ANSWER_BYTES = 1024 * 1024;

const CompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable(), refusal: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

export class LlmError extends Error {}

/** The first JSON object in a model's answer, which may wrap it in prose or a ``` fence. */
export function firstJsonObject(content: string): unknown {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start === -1 || end <= start) throw new LlmError('The answer holds no JSON object');
  try {
    return JSON.parse(content.slice(start, end + 1));
  } catch {
    throw new LlmError('The answer holds malformed JSON');
  }
}

function parseJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** Asks the model and answers the JSON object it wrote. */
export async function askForJson(
  settings: LlmSettings,
  messages: { system: string; user: string },
  maxTokens: number,
): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // Ollama and llama.cpp need no key; sending an empty bearer would make some servers refuse.
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  let response: OutboundResponse;
  try {
    response = await outboundFetch(
      outboundDestinations(settings.outboundAllowHosts),
      `${settings.baseUrl}/chat/completions`,
      {
        method: 'POST',
        headers,
        signal: AbortSignal.timeout(settings.timeoutMs),
        maxBytes: MAX_ANSWER_BYTES,
        maxRedirects: 0,
        body: JSON.stringify({
          model: settings.model,
          temperature: 0.2,
          [settings.tokenParam]: maxTokens,
          messages: [
            { role: 'system', content: messages.system },
            { role: 'user', content: messages.user },
          ],
        }),
      },
    );
  } catch (error) {
    throw new LlmError(`No answer from the LLM: ${(error as Error).message}`);
  }
  if (response.status < 200 || response.status > 299) {
    throw new LlmError(`LLM answered HTTP ${response.status}: ${(response.body ?? '').slice(0, 300)}`);
  }
  const parsed = CompletionSchema.safeParse(parseJson(response.body));
  if (!parsed.success) throw new LlmError('The LLM answer is not a chat completion');
  const message = parsed.data.choices[0]?.message;
  if (message?.refusal) throw new LlmError(`The LLM refused: ${message.refusal.slice(0, 200)}`);
  if (!message?.content) throw new LlmError('The LLM answer is empty');
  return firstJsonObject(message.content);
}
