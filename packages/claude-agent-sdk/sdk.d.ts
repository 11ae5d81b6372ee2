export * from '@hexagent/sdk';
