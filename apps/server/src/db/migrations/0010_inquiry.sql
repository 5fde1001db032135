-- Reserved for this area's tables while issue 14 is built; folded into one generated migration before it lands.
SELECT 1;
