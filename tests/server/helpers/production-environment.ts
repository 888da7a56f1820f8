/** A production environment that passes every check of loadConfig; tests change one thing at a time. */
export const PRODUCTION_ENVIRONMENT = {
  NODE_ENV: 'production',
  JWT_SECRET: 'q7Vh2Lx9TmR4wZp8KdN3sB6yFc1JgE5u',
  SMS_PROVIDER: 'http',
  SMS_GATEWAY_URL: 'https://sms.example.com/send',
  SMS_GATEWAY_TOKEN: 'gateway-token',
  SMS_SENDER: 'Nechasim',
};
