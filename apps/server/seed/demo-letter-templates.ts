/**
 * The demo's letter templates (R-CREDIT-6): a friendly reminder, a past-due notice, a credit hold
 * notice and an over-limit notice in English, and a reminder in Spanish.
 */
export const demoLetterTemplates = [
  {
    name: 'Friendly reminder',
    languageId: 1,
    subject: 'A friendly reminder about account {{customerNumber}}',
    body: `Dear {{contactName}},

Thank you for choosing {{companyName}}. Our records show a balance of {{balance}} on your account, of which {{pastDueAmount}} is now past due. The oldest invoice is {{daysPastDue}} days past its due date:

{{pastDueInvoices}}

If you have already sent your payment, please accept our thanks and disregard this reminder. If not, we would appreciate your payment at your earliest convenience. Your terms are {{terms}}.

Should you have any question about these invoices, please call our credit department; we are glad to help.`,
  },
  {
    name: 'Past-due notice',
    languageId: 1,
    subject: 'Past-due notice: {{pastDueAmount}} on account {{customerNumber}}',
    body: `Dear {{contactName}},

Despite our earlier reminder, your account remains past due. As of {{today}}, {{pastDueAmount}} of your balance of {{balance}} is unpaid beyond your terms ({{terms}}), the oldest invoice by {{daysPastDue}} days:

{{pastDueInvoices}}

Please send payment in full within ten days of this letter. If you dispute any of these invoices, contact us right away so that we can resolve it together.

Your credit limit is {{creditLimit}}. Accounts more than 60 days past due may be placed on credit hold, after which deliveries require payment in advance.`,
  },
  {
    name: 'Credit hold notice',
    languageId: 1,
    subject: 'Account {{customerNumber}} has been placed on credit hold',
    body: `Dear {{contactName}},

We regret to inform you that the account of {{customerName}} has been placed on credit hold (credit status: {{creditStatus}}). Until the account is brought current, new orders will be held for credit approval before they are scheduled.

Your balance is {{balance}} against a credit limit of {{creditLimit}}; {{pastDueAmount}} is past due, the oldest invoice by {{daysPastDue}} days:

{{pastDueInvoices}}

To release the hold, please pay the past-due amount or call us to arrange a payment plan. Once payment is received we will restore your account the same day.

We value your business and look forward to supplying your projects again.`,
  },
  {
    name: 'Credit limit exceeded',
    languageId: 1,
    subject: 'Account {{customerNumber}} is over its credit limit',
    body: `Dear {{contactName}},

Your balance with {{companyName}} is {{balance}}, which is {{overLimitAmount}} above your credit limit of {{creditLimit}}.

To keep your deliveries on schedule, please send a payment that brings the balance within the limit, or call our credit department to review the limit for your upcoming work.

Thank you for your prompt attention.`,
  },
  {
    name: 'Recordatorio de pago',
    languageId: 2,
    subject: 'Recordatorio sobre su cuenta {{customerNumber}}',
    body: `Estimado/a {{contactName}}:

Gracias por confiar en {{companyName}}. Según nuestros registros, su cuenta tiene un saldo de {{balance}}, del cual {{pastDueAmount}} está vencido. La factura más antigua lleva {{daysPastDue}} días de atraso:

{{pastDueInvoices}}

Si ya envió su pago, le damos las gracias y le rogamos que ignore este recordatorio. De lo contrario, le agradeceremos que lo realice a la mayor brevedad. Sus condiciones de pago son: {{terms}}.

Si tiene alguna pregunta sobre estas facturas, llame a nuestro departamento de crédito; con gusto le atenderemos.`,
  },
] as const;
