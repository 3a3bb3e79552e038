// A real Nostr relay for the signal package's tests: @nostr-relay/core
// (the engine of nostr-relay-nestjs) with its validator, which checks every
// event's id and BIP-340 signature, served with ws on 127.0.0.1 at a free
// port, or at the port given as the second argument. It prints
// "listening <port>" once ready, appends every frame it receives to the
// file named by its first argument, and exits when its standard input
// closes.
//
// LH_HOST in the environment names another address to listen on.
//
// Ephemeral events (kinds 20000-29999) are only passed on, never stored,
// so the event repository below stores nothing: it is the storage hook the
// engine requires, and our tests send nothing that would be stored.
//
// Run from a directory whose node_modules holds @nostr-relay/core,
// @nostr-relay/common and @nostr-relay/validator 0.0.40, and ws.
import fs from 'node:fs'
import { WebSocketServer } from 'ws'
import { NostrRelay } from '@nostr-relay/core'
import { Validator } from '@nostr-relay/validator'
import { EventRepository, createOutgoingNoticeMessage } from '@nostr-relay/common'

class NoStorage extends EventRepository {
  isSearchSupported () { return false }
  upsert () { return { isDuplicate: false } }
  find () { return [] }
  async destroy () {}
}

const log = process.argv[2]
const relay = new NostrRelay(new NoStorage())
const validator = new Validator()
const wss = new WebSocketServer({ host: process.env.LH_HOST || '127.0.0.1', port: Number(process.argv[3] || 0) })
wss.on('connection', ws => {
  relay.handleConnection(ws)
  ws.on('message', async data => {
    if (log) fs.appendFileSync(log, data.toString() + '\n')
    try {
      const message = await validator.validateIncomingMessage(data)
      await relay.handleMessage(ws, message)
    } catch (err) {
      ws.send(JSON.stringify(createOutgoingNoticeMessage(err.message)))
    }
  })
  ws.on('close', () => relay.handleDisconnect(ws))
  ws.on('error', () => relay.handleDisconnect(ws))
})
wss.on('listening', () => console.log('listening ' + wss.address().port))
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
