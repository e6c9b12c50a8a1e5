require 'fileutils'
require 'tmpdir'

class Publisher
  def initialize(site, remote:, branch:)
    @site = File.expand_path(site)
    @remote_url = `git remote get-url #{remote}`.strip
    @branch = branch
    raise "remote #{remote} not found" if @remote_url.empty?
  end

  def run
    rev = `git rev-parse --short HEAD`.strip
    Dir.mktmpdir('gh-pages') do |tmp|
      FileUtils.cp_r(File.join(@site, '.'), tmp)
      File.write(File.join(tmp, '.nojekyll'), '')
      Dir.chdir(tmp) do
        git 'init', '-q', '-b', @branch
        git 'add', '-A'
        git 'commit', '-qm', "Publish site from #{rev}"
        git 'push', '-qf', @remote_url, "#{@branch}:#{@branch}"
      end
    end
    puts "published #{rev} to #{@branch} on #{@remote_url}"
  end

  private

  def git(*args)
    system('git', *args) or raise "git #{args.first} failed"
  end
end
