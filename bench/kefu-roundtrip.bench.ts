/**
 * Support chat round trip on loopback: the time from an operator's reply (`/api/ops/kefu/reply`) to
 * the user's socket receiving it, and from a user's `kefu/send` to the copy pushed to the user's
 * other device, through the real server (SQLite write, journal, private channel). Prints median and
 * p99 in milliseconds. Run: `npm run bench -- kefu`.
 */
import { WebSocket } from 'ws';
import { OPS_TOKEN, opsCall } from '../tests/support/bank';
import { registerUser } from '../tests/support/accounts';
import { callApi } from '../tests/support/api';
import { startTestServer } from '../tests/support/server';

const ROUNDS = Number(process.env.ROUNDS ?? 300);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const server = await startTestServer({ operatorToken: OPS_TOKEN, simMarket: false });
  try {
    const me = await registerUser(server.origin);
    const waiting = new Map<string, (t: number) => void>();
    /** A socket of `token`'s user on the kefu channel, once the server acknowledged the subscription. */
    const connect = async (token: string): Promise<WebSocket> => {
      const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/ws`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const subbed = new Promise<void>((resolve) => {
        socket.on('message', (raw) => {
          const msg = JSON.parse(String(raw)) as {
            op?: string;
            ch?: string;
            data?: { type: string; message?: { text: string } };
          };
          if (msg.op === 'subbed' && msg.ch === 'kefu') resolve();
          if (msg.ch === 'kefu' && msg.data?.type === 'message')
            waiting.get(msg.data.message!.text)?.(performance.now());
        });
      });
      socket.send(JSON.stringify({ op: 'auth', token }));
      socket.send(JSON.stringify({ op: 'sub', ch: 'kefu' }));
      await subbed;
      return socket;
    };
    let ws = await connect(me.token);
    const arrive = (text: string) => new Promise<number>((resolve) => waiting.set(text, resolve));

    const reply: number[] = [];
    const send: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const a = `reply ${i}`;
      const got = arrive(a);
      const t0 = performance.now();
      await opsCall(server.origin, 'POST', 'kefu/reply', { account: me.user.account, text: a });
      reply.push((await got) - t0);
      const b = `send ${i}`;
      const echo = arrive(b);
      const t1 = performance.now();
      await callApi(
        server.origin,
        'kefu/send',
        { clientId: `bench${String(i).padStart(6, '0')}`, text: b },
        { token: me.token, json: true },
      );
      send.push((await echo) - t1);
      // Stay under the per-user send budget (30 a minute) without waiting: a fresh user every 25 rounds.
      if (i % 25 === 24) {
        // A socket stays bound to the user it first authenticated (the server refuses a switch).
        const next = await registerUser(server.origin);
        Object.assign(me, next);
        ws.close();
        ws = await connect(me.token);
      }
    }
    ws.close();
    for (const [name, list] of [
      ['operator reply → user socket', reply],
      ['user send → own socket echo', send],
    ] as const) {
      const s = [...list].sort((x, y) => x - y);
      console.log(
        `${name}: ${ROUNDS} rounds, median ${pct(s, 50).toFixed(2)} ms, p99 ${pct(s, 99).toFixed(2)} ms`,
      );
    }
  } finally {
    await server.close();
  }
}

await main();
