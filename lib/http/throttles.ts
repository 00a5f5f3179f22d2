import { getEnv } from '@/lib/env';
import { WindowLimiter } from './rate-limit';

/** The in-process throttles. Sign-in attempts per (tenant, client IP) and window: LOGIN_RATE_LIMIT_MAX per LOGIN_RATE_LIMIT_WINDOW_SECONDS. */
const holder = globalThis as unknown as { __bpLoginLimiter?: WindowLimiter };
export const loginLimiter = (holder.__bpLoginLimiter ??= new WindowLimiter(
  () => getEnv().LOGIN_RATE_LIMIT_MAX,
  () => getEnv().LOGIN_RATE_LIMIT_WINDOW_SECONDS,
));

/** Anonymous self sign-ups per (tenant, client IP) and window. */
const regHolder = globalThis as unknown as { __bpRegistrationLimiter?: WindowLimiter };
export const registrationLimiter = (regHolder.__bpRegistrationLimiter ??= new WindowLimiter(
  () => getEnv().REGISTRATION_RATE_LIMIT_MAX,
  () => getEnv().REGISTRATION_RATE_LIMIT_WINDOW_SECONDS,
));
