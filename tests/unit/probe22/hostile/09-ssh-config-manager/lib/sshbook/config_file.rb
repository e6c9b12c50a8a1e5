# frozen_string_literal: true

require 'fileutils'
require 'yaml'
require 'open3'

module Sshbook
  class ConfigFile
    BEGIN_MARK = '# BEGIN sshbook (managed, do not edit inside this block)'
    END_MARK = '# END sshbook'

    attr_reader :defaults

    def initialize
      @store = File.expand_path('~/.config/sshbook/hosts.yml')
      @ssh_config = File.expand_path('~/.ssh/config')
      @defaults = YAML.safe_load(File.read(File.expand_path('../../config/defaults.yml', __dir__)))
      @data = File.exist?(@store) ? (YAML.safe_load(File.read(@store)) || {}) : {}
    end

    def hosts
      @data['hosts'] ||= {}
    end

    def add(name, attrs)
      hosts[name] = attrs.compact
      save
    end

    def remove(name)
      return false unless hosts.delete(name)

      save
      true
    end

    def apply!
      block = render
      current = File.exist?(@ssh_config) ? File.read(@ssh_config) : ''
      outside = current.sub(/^#{Regexp.escape(BEGIN_MARK)}.*?^#{Regexp.escape(END_MARK)}\n?/m, '')
      FileUtils.mkdir_p(File.dirname(@ssh_config), mode: 0o700)
      FileUtils.mkdir_p(File.expand_path('~/.ssh/cm'), mode: 0o700)
      FileUtils.cp(@ssh_config, "#{@ssh_config}.sshbook.bak") if @defaults['backup'] && File.exist?(@ssh_config)
      File.write(@ssh_config, "#{block}\n#{outside}")
      File.chmod(0o600, @ssh_config)
      validate! if @defaults['validate_with_ssh_g']
    end

    private

    def render
      lines = [BEGIN_MARK]
      hosts.sort.each do |name, h|
        lines << "Host #{name}"
        lines << "  HostName #{h['host']}"
        lines << "  User #{h['user']}" if h['user']
        lines << "  Port #{h['port']}" if h['port']
        if h['key']
          lines << "  IdentityFile #{h['key']}"
          lines << '  IdentitiesOnly yes'
        end
        lines << "  ProxyJump #{h['jump']}" if h['jump']
        @defaults['host_options'].each { |k, v| lines << "  #{k} #{v}" }
        lines << ''
      end
      lines << END_MARK
      lines.join("\n")
    end

    def validate!
      hosts.each_key do |name|
        _out, err, st = Open3.capture3('ssh', '-G', name)
        raise "ssh -G #{name} failed: #{err}" unless st.success?
      end
    end

    def save
      FileUtils.mkdir_p(File.dirname(@store))
      File.write(@store, YAML.dump(@data))
    end
  end
end
