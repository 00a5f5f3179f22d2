-- Issue 26: sessions and consent records keep the address we trust (lib/http/client-ip.ts
-- clientIp(): the socket peer, or behind TRUSTED_PROXIES the forwarded client) beside the one the
-- request claims (ip_address: the left-most X-Forwarded-For entry, which any client can write).
ALTER TABLE "sessions" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "client_ip" text;