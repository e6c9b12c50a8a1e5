# frozen_string_literal: true

require 'fileutils'
require 'socket'

module Sshbook
  # Generates per-host key pairs with ssh-keygen. Never touches authorized_keys.
  class Keys
    def initialize(defaults)
      @cfg = defaults.fetch('keygen', {})
    end

    def generate(host_alias)
      dir = File.expand_path(@cfg.fetch('directory', '~/.ssh'))
      FileUtils.mkdir_p(dir, mode: 0o700)
      type = @cfg.fetch('type', 'ed25519')
      path = File.join(dir, "id_#{type}_#{safe(host_alias)}")
      if File.exist?(path)
        puts "#{path} already exists; reusing it"
      else
        comment = "#{ENV['USER']}@#{Socket.gethostname} for #{host_alias}"
        # Interactive: ssh-keygen prompts the user for a passphrase on the terminal.
        ok = system('ssh-keygen', '-t', type, '-a', '64', '-f', path, '-C', comment)
        abort 'ssh-keygen failed' unless ok
      end
      File.chmod(0o600, path)
      show_next_steps(host_alias, "#{path}.pub")
      path
    end

    private

    def safe(name)
      name.gsub(/[^A-Za-z0-9_.-]/, '_')
    end

    def show_next_steps(host_alias, pub)
      puts
      puts 'Public key (safe to share):'
      puts File.read(pub)
      puts
      puts 'To install it on the server, the user can run:'
      puts "  ssh-copy-id -i #{pub} #{host_alias}"
    end
  end
end
