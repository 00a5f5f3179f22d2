/** The Luhn check (ISO/IEC 7812) of card numbers: one implementation for the gateway's masking and the sandbox's numbers. */

/** The check digit that makes `body` followed by it Luhn-valid. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether a digit string (its last digit the check digit) passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  return digits.length > 0 && luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}
