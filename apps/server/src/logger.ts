import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** JSON logs (one line each, with the request id); pretty only for a developer's terminal. */
export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>, destination: 1 | 2 = 1): Logger {
  if (config.logPretty) {
    return pino({
      level: config.logLevel,
      transport: { target: 'pino-pretty', options: { destination, translateTime: 'SYS:HH:MM:ss' } },
    });
  }
  return pino({ level: config.logLevel }, pino.destination(destination));
}
