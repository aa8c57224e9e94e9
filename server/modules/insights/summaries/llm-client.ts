// The one client for any OpenAI-compatible /chat/completions endpoint (OpenAI, Ollama, llama.cpp, vLLM):
// plain fetch, a hard timeout, the token parameter the server understands, and JSON pulled out of the
// answer. Every problem is thrown; the callers fall back to the extractive summariser.
import { z } from 'zod';

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /** Newer OpenAI models refuse `max_tokens`; some other servers know only it. */
  tokenParam: 'max_tokens' | 'max_completion_tokens';
}

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

/** Asks the model and answers the JSON object it wrote. */
export async function askForJson(
  settings: LlmSettings,
  messages: { system: string; user: string },
  maxTokens: number,
): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // Ollama and llama.cpp need no key; sending an empty bearer would make some servers refuse.
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      signal: AbortSignal.timeout(settings.timeoutMs),
      body: JSON.stringify({
        model: settings.model,
        temperature: 0.2,
        [settings.tokenParam]: maxTokens,
        messages: [
          { role: 'system', content: messages.system },
          { role: 'user', content: messages.user },
        ],
      }),
    });
  } catch (error) {
    throw new LlmError(`No answer from the LLM: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new LlmError(`LLM answered HTTP ${response.status}: ${detail}`);
  }
  const parsed = CompletionSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new LlmError('The LLM answer is not a chat completion');
  const message = parsed.data.choices[0]?.message;
  if (message?.refusal) throw new LlmError(`The LLM refused: ${message.refusal.slice(0, 200)}`);
  if (!message?.content) throw new LlmError('The LLM answer is empty');
  return firstJsonObject(message.content);
}
